import type { HandedOver } from '../storage/handed-over';

/**
 * Tabs of the page tell each other what happened to the shared draft: the editor's saves
 * (so a read-only tab shows the latest), the editor role passing to another tab (the tab that
 * lost it has saved all it held, and the new editor reads that), an accepted application (so
 * every tab shows the Creator Hub step), and the application going to another device or coming
 * back.
 */
export type DraftMessage =
  | { type: 'saved'; record: unknown }
  | { type: 'editor-role-passed' }
  | { type: 'accepted' }
  | { type: 'new-application' }
  /** The application went to another device (a link made), or was taken back (null). */
  | { type: 'device-handover'; handedOver: HandedOver | null };

const CHANNEL_NAME = 'creator-wizard:draft';

/**
 * 'editor-role-passed' as builds before it named it. While a device updates, a tab of the previous
 * build can still be open beside one of this build, and either may take the editor role from the
 * other: its message is read here as 'editor-role-passed', and this build's is sent under the old
 * name too, marked as an echo that tabs of this build skip, so an older editor still reads the
 * last save. Both can go once no tab of a build before this one can still be running.
 */
const PREVIOUS_ROLE_PASSED = 'handed-over';

/** A message as it arrived, in this build's words; null for an echo meant for older tabs only. */
export function readDraftMessage(data: unknown): DraftMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, echo } = data as { type?: unknown; echo?: unknown };
  if (type === PREVIOUS_ROLE_PASSED) return echo === true ? null : { type: 'editor-role-passed' };
  return data as DraftMessage;
}

/** What goes on the channel for `message`: the message, and the previous build's name for it when it had another. */
export function draftMessagesToPost(message: DraftMessage): unknown[] {
  return message.type === 'editor-role-passed' ? [message, { type: PREVIOUS_ROLE_PASSED, echo: true }] : [message];
}

export interface DraftChannel {
  post(message: DraftMessage): void;
  close(): void;
}

export function openDraftChannel(onMessage: (message: DraftMessage) => void): DraftChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = readDraftMessage(event.data);
    if (message) onMessage(message);
  };
  return {
    post(message) {
      for (const sent of draftMessagesToPost(message)) channel.postMessage(sent);
    },
    close() {
      channel.close();
    },
  };
}
