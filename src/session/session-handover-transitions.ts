import type { HandedOver } from '../storage/handed-over';
import { maySend, showing, tellTabs, type SessionState, type SessionStep } from './session-state';

/**
 * What the session does as the application goes to another device and comes back (the link is
 * made and withdrawn by session-handover.ts): the form is read only while `handedOver` is set,
 * and every tab of this device follows. Pure, as session-transitions.ts.
 */
export type HandoverEvent =
  /** This tab made a link: the application continues on another device. */
  | { type: 'link-made'; handedOver: HandedOver }
  /** This tab took the application back (the link withdrawn if unused). */
  | { type: 'taken-back' }
  /** Another tab of this device made a link, or took the application back (null). */
  | { type: 'device-handover-heard'; handedOver: HandedOver | null }
  /** Read from the store as this tab became the editor: another tab may have done either meanwhile. */
  | { type: 'device-handover-read'; handedOver: HandedOver | null };

export function handoverTransition(state: SessionState, event: HandoverEvent): SessionStep {
  switch (event.type) {
    case 'link-made':
      return { state: showing(state, { handedOver: event.handedOver }), effects: tellTabs(state, { type: 'device-handover', handedOver: event.handedOver }) };
    case 'taken-back':
    case 'device-handover-heard': {
      const handedOver = event.type === 'taken-back' ? null : event.handedOver;
      const next = showing(state, { handedOver });
      const told = event.type === 'taken-back' ? tellTabs(state, { type: 'device-handover', handedOver: null }) : [];
      // Back on this device: the editor sends what waits in the queue.
      return { state: next, effects: handedOver === null && maySend(next) ? [...told, { do: 'resume-sending' }] : told };
    }
    case 'device-handover-read':
      return { state: showing(state, { handedOver: event.handedOver }), effects: [] };
  }
}
