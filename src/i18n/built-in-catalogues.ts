import type { Catalogue, Message } from './catalogue';
import { createMessages, type Messages } from './messages';
import { EN_SHELL } from './messages-en-shell';

/** The languages the app speaks by itself; a programme in another gives its words in `messages`. */
export const BUILT_IN_LANGUAGES = ['en', 'fr', 'es'] as const;

/** The built-in language of a tag (`fr-CA` is French), or null when the app has no catalogue for it. */
export function builtInLanguage(tag: string): (typeof BUILT_IN_LANGUAGES)[number] | null {
  const language = tag.toLowerCase().split('-')[0];
  return BUILT_IN_LANGUAGES.find((known) => known === language) ?? null;
}

/**
 * The catalogue for a language tag: English's words for the page at once (they are in the
 * entry; the form's come with the form), French and Spanish whole from their own small chunks, fetched only by a page in that language (the service worker
 * precaches them with the rest of the app). English for a language the app does not speak.
 */
export async function loadCatalogue(tag: string): Promise<Partial<Catalogue>> {
  switch (builtInLanguage(tag)) {
    case 'fr':
      return (await import('./messages-fr')).FR;
    case 'es':
      return (await import('./messages-es')).ES;
    default:
      return EN_SHELL;
  }
}

/** The app's texts for a programme: the built-in catalogue of its language, under its own words. */
export async function programmeMessages(lang: string, overrides?: Partial<Record<string, Message>>): Promise<Messages> {
  return createMessages(lang, await loadCatalogue(lang), overrides);
}
