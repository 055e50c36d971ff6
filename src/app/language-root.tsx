import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import type { WizardConfig } from '../config/config-schema';
import { applyDocumentLanguage } from '../i18n/document-language';
import type { Messages } from '../i18n/messages';
import { ForeignTextsContext, MessagesContext } from '../i18n/messages-context';
import { rememberLanguage } from '../storage/language-choice';
import { LanguageSwitchContext } from './language-switch-context';
import { ProgrammeContext } from './programme-context';

/** The programme as the page shows it in one language: its configuration and the app's words. */
export interface ProgrammeInLanguage {
  config: WizardConfig;
  messages: Messages;
  /** Its texts shown in another language than its own, with that language (marked with their own lang and dir). */
  foreignTexts?: ReadonlyMap<string, string>;
}

interface LanguageRootProps {
  initial: ProgrammeInLanguage;
  /** The programme's languages, its default first; one: no switch. */
  offered: readonly string[];
  /** The programme in another language (from the same config.json), or null when it cannot be read. */
  read: (tag: string) => Promise<ProgrammeInLanguage | null>;
  children: (config: WizardConfig) => ReactNode;
}

const NONE_FOREIGN: ReadonlyMap<string, string> = new Map();

/**
 * The page in one of its programme's languages, and the switch between them. A change swaps the
 * configuration's words and the app's catalogue in one render: every component stays where it is
 * (the session, the form and its answers, the step, the scroll place, the focus on the link just
 * pressed), only the words change. The choice is remembered for the next visit.
 */
export function LanguageRoot({ initial, offered, read, children }: LanguageRootProps) {
  const [shown, setShown] = useState(initial);
  // The latest press wins over a slower earlier one still loading its catalogue.
  const latest = useRef(0);
  const choose = useCallback(
    (tag: string) => {
      const ticket = ++latest.current;
      rememberLanguage(tag);
      void read(tag).then((next) => {
        if (!next || ticket !== latest.current) return;
        applyDocumentLanguage(next.config.lang);
        document.title = next.config.title;
        setShown(next);
      });
    },
    [read],
  );
  const languages = useMemo(() => (offered.length > 1 ? { offered, current: shown.config.lang, choose } : null), [offered, shown.config.lang, choose]);
  return (
    <LanguageSwitchContext.Provider value={languages}>
      <MessagesContext.Provider value={shown.messages}>
        <ForeignTextsContext.Provider value={shown.foreignTexts ?? NONE_FOREIGN}>
          <ProgrammeContext.Provider value={shown.config}>{children(shown.config)}</ProgrammeContext.Provider>
        </ForeignTextsContext.Provider>
      </MessagesContext.Provider>
    </LanguageSwitchContext.Provider>
  );
}
