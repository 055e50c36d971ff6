import { createContext, useContext } from 'react';

/** The languages a page can change to, the one it is in, and how to change (app/language-root.tsx). */
export interface LanguageSwitch {
  offered: readonly string[];
  current: string;
  choose: (tag: string) => void;
}

/** Null for a programme in one language: no switch is drawn. */
export const LanguageSwitchContext = createContext<LanguageSwitch | null>(null);

export function useLanguageSwitch(): LanguageSwitch | null {
  return useContext(LanguageSwitchContext);
}
