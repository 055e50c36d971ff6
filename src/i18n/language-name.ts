/**
 * A language's name in itself, as a language switch shows it ("Français", "Español", "English"):
 * the platform's own name (Intl.DisplayNames), its first letter a capital in that language, and
 * the tag itself where the platform has no name for it.
 */
export function languageName(tag: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([tag], { type: 'language', languageDisplay: 'standard' }).of(tag);
  } catch {
    name = undefined;
  }
  if (!name || name.toLowerCase() === tag.toLowerCase()) return tag;
  const [first = ''] = name;
  return first.toLocaleUpperCase(tag) + name.slice(first.length);
}
