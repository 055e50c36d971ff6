import { createContext } from 'react';

/**
 * Whether the wizard is on screen and acting (the default), or built ahead behind a first visit's
 * Welcome (false, set by WelcomeTakeover until Continue).
 *
 * Built ahead, the wizard is mounted for real, hidden, so that its fields' effects (react-hook-form
 * registering each field, Headless UI wiring each combobox, configured HTML set) run while the
 * creator reads Welcome instead of in the press of Continue (issue 16). Everything that acts
 * beyond the form waits until it is awake: no draft saved, no editor lock taken, no channel to
 * the other tabs, no queued application sent, no "Step Reached", no focus moved or scroll kept.
 */
export const WizardAwakeContext = createContext(true);
