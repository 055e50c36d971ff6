import type { HandedOver } from '../storage/handed-over';

/**
 * Tabs of the page tell each other what happened to the shared draft: the editor's saves
 * (so a read-only tab shows the latest), a handover when a tab loses the editor role, and
 * an accepted application (so every tab shows the Creator Hub step), and the application
 * going to another device or coming back.
 */
export type DraftMessage =
  | { type: 'saved'; record: unknown }
  | { type: 'handed-over' }
  | { type: 'accepted' }
  | { type: 'new-application' }
  /** The application went to another device (a link made), or was taken back (null). */
  | { type: 'device-handover'; handedOver: HandedOver | null };

const CHANNEL_NAME = 'creator-wizard:draft';

export interface DraftChannel {
  post(message: DraftMessage): void;
  close(): void;
}

export function openDraftChannel(onMessage: (message: DraftMessage) => void): DraftChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<DraftMessage>) => {
    onMessage(event.data);
  };
  return {
    post(message) {
      channel.postMessage(message);
    },
    close() {
      channel.close();
    },
  };
}
