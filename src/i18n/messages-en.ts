import { EN_FORM } from './messages-en-form.ts';
import { EN_SHELL } from './messages-en-shell.ts';

/**
 * Every text the app writes itself, in English: the default language, and the one every key is
 * named after. A key's `{placeholders}` are filled by format-message.ts; a message with a count
 * is a set of plural forms chosen by Intl.PluralRules. A programme may replace any of them
 * (config `messages`). The page takes it in two parts (messages-en-shell.ts in the entry,
 * messages-en-form.ts with the form); tools, the build and tests take it whole from here.
 */
export const EN = { ...EN_SHELL, ...EN_FORM } as const;
