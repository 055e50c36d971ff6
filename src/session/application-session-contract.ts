import type { WizardConfig } from '../config/config-schema';
import type { WithdrawResult } from '../handover/drafts-endpoint';
import type { SessionUploads } from '../uploads/session-uploads';
import type { HandOverRequest, HandOverResult } from './session-handover';
import type { SessionForm } from './session-form';
import type { SessionSnapshot } from './session-state';

/**
 * What the page may ask of one application session (application-session.ts builds it): what the
 * screen shows and when it changes, the page's hold on it, and the creator's actions.
 */
export interface ApplicationSession {
  getSnapshot: () => SessionSnapshot;
  subscribe: (listener: () => void) => () => void;
  /**
   * Continue on Welcome: the session starts acting (tab lock, other tabs, autosave, sending,
   * analytics) and resolves true. Built behind Welcome from a blank application, it first asks the
   * store whether the device has come to hold one meanwhile (another tab's draft): then it stays
   * asleep, writes nothing over it, and resolves false, so the page loads that one instead.
   */
  wake: () => Promise<boolean>;
  /**
   * The page shows this session with `form`: while it is attached and awake, the session holds
   * the page's resources. The returned function lets go; attached again in the same task (an
   * effect run twice), the same resources are kept, so nothing is released and taken again.
   */
  attach: (form: SessionForm) => () => void;
  /** For good: every resource is released and no new one is taken. */
  dispose: () => void;
  /** Continue: validates, sends, moves on or leaves, as the step says; resolves true once done. */
  next: () => Promise<boolean>;
  previous: () => void;
  /** Makes this tab the editor; the other becomes read-only. */
  takeOver: () => void;
  /** Saves the draft now (`force`: even in a read-only tab, handing over what it holds). */
  saveNow: (force?: boolean) => Promise<void>;
  /**
   * Ends an accepted application: personal data cleared, every tab told, the wizard moved on.
   * `withdrawn`: the receiver erased it (410), and it ends the same way.
   */
  accept: (elsewhere?: boolean, withdrawn?: boolean) => Promise<void>;
  /** After acceptance: a blank application on the first step, in every tab. */
  newApplication: () => Promise<void>;
  /**
   * The page now speaks the programme in another of its languages (the same questions, other
   * words): the application is sent as written in it, and the creator hub opened in it.
   */
  changeLanguage: (config: WizardConfig) => void;
  /**
   * "Continue on another device": seals the draft, stores it on the receiver and hands the
   * application over (session-handover.ts). The form is read only from then on, in every tab.
   */
  handOver: (request: HandOverRequest) => Promise<HandOverResult>;
  /** The creator carries on here after all: the link is withdrawn if unused, and the form editable again. */
  takeBack: (pageUrl: string) => Promise<WithdrawResult>;
  /** The one upload queue of this session, which the file fields and the outbox reach (uploads/session-uploads.ts). */
  readonly uploads: SessionUploads;
}
