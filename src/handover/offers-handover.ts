import type { WizardConfig } from '../config/config-schema';

/** A link works 7 days unless the programme says otherwise (the receiver keeps a draft 30 days at most). */
export const DEFAULT_LINK_DAYS = 7;

/**
 * Whether "Continue on another device" is offered on a step: on the form's steps (those with a
 * form section) of an application not yet accepted, where drafts have a receiver to travel
 * through (`requestUrl`), the programme has not turned it off, and the page can encrypt (Web
 * Crypto's subtle API, which browsers give secure contexts only).
 */
export function offersHandover(config: WizardConfig, step: number, submitted: boolean, canEncrypt: boolean): boolean {
  if (submitted || !canEncrypt || config.continueOnAnotherDevice === false || config.requestUrl == null) return false;
  return config.steps[step]?.blocks.some((block) => block.component === 'FormSection') ?? false;
}

/** How long the link made on this programme works, in seconds. */
export function linkLifetimeSeconds(config: WizardConfig): number {
  const days = config.continueOnAnotherDevice === false ? DEFAULT_LINK_DAYS : (config.continueOnAnotherDevice?.expiresInDays ?? DEFAULT_LINK_DAYS);
  return days * 24 * 3600;
}

/** Web Crypto's subtle API is there (secure contexts only). */
export function pageCanEncrypt(): boolean {
  // Typed as always there, but absent outside a secure context.
  const subtle = (globalThis.crypto as Crypto | undefined)?.subtle;
  return typeof subtle?.encrypt === 'function';
}
