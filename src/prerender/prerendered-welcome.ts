import type { WizardConfig } from '../config/config-schema';
import type { ConfigProblem } from '../config/describe-config-issue';

/** Welcome as HTML for index.html (render-welcome.tsx), with what the build writes beside it. */
export interface PrerenderedWelcome {
  markup: string;
  title: string;
  lang: string;
  /** The words index.html writes itself, in the programme's language. */
  words: { loading: string; needsScript: string; loadFailed: string };
  /** config.json as the build checked it, for index.html to carry (config/checked-config.ts). */
  checked: { config: WizardConfig; unknownKeys: ConfigProblem[] };
}
