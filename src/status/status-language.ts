import { chooseLanguage } from '../i18n/choose-language';

/**
 * The language of the status page, of those the programme offers (`offered`, the default first):
 * the one the creator applied in (the answer's `language`) when the programme offers it, else the
 * one the wizard would open in on this device (the creator's choice there, else the browser's
 * languages: i18n/choose-language.ts), else the programme's default.
 */
export function statusLanguage(offered: readonly string[], answerLanguage: string | null, preferred: readonly string[], remembered: string | null): string {
  const fallback = offered[0] ?? 'en';
  if (answerLanguage) {
    const applied = offered.find((tag) => tag.toLowerCase() === answerLanguage.toLowerCase());
    if (applied) return applied;
  }
  return chooseLanguage(offered.length > 0 ? offered : [fallback], fallback, preferred, remembered);
}
