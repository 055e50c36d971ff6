import { createContext, useContext } from 'react';
import type { WizardConfig } from '../config/config-schema';

/**
 * The programme in the language the page shows now (app/language-root.tsx). The wizard, built
 * once, reads it here rather than from the configuration it was built with, so a change of
 * language reaches it without building it again.
 */
export const ProgrammeContext = createContext<WizardConfig | null>(null);

/** The programme in the page's language, or `built` where no language root is above. */
export function useProgrammeInLanguage(built: WizardConfig): WizardConfig {
  return useContext(ProgrammeContext) ?? built;
}
