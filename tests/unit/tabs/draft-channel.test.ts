// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { openDraftChannel, readDraftMessage, type DraftChannel, type DraftMessage } from '../../../src/tabs/draft-channel';

const CHANNEL_NAME = 'creator-wizard:draft';

/** A tab of the build before the editor role's message was renamed: it reads and posts raw messages. */
function previousBuildTab(): { heard: unknown[]; post(message: unknown): void; close(): void } {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  const heard: unknown[] = [];
  channel.onmessage = (event: MessageEvent<unknown>) => {
    heard.push(event.data);
  };
  return {
    heard,
    post: (message) => {
      channel.postMessage(message);
    },
    close: () => {
      channel.close();
    },
  };
}

/** Resolves once the event loop has run the channels' deliveries (Node delivers on its message port). */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}

const opened: Array<{ close(): void }> = [];

function tab(): { heard: DraftMessage[]; channel: DraftChannel } {
  const heard: DraftMessage[] = [];
  const channel = openDraftChannel((message) => heard.push(message));
  opened.push(channel);
  return { heard, channel };
}

afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

describe('the draft channel between tabs', () => {
  it('tells another tab of this build once that the editor role passed', async () => {
    const losing = tab();
    const gaining = tab();
    losing.channel.post({ type: 'editor-role-passed' });
    await settle();
    expect(gaining.heard).toEqual([{ type: 'editor-role-passed' }]);
  });

  it('reads the previous build’s "handed-over" as the editor role passing', async () => {
    const older = previousBuildTab();
    opened.push(older);
    const gaining = tab();
    older.post({ type: 'handed-over' });
    await settle();
    expect(gaining.heard).toEqual([{ type: 'editor-role-passed' }]);
  });

  it('still tells a tab of the previous build, in its words, that the editor role passed', async () => {
    const older = previousBuildTab();
    opened.push(older);
    const losing = tab();
    losing.channel.post({ type: 'editor-role-passed' });
    await settle();
    expect(older.heard).toContainEqual(expect.objectContaining({ type: 'handed-over' }));
  });

  it('passes every other message as it is', async () => {
    const sending = tab();
    const hearing = tab();
    const messages: DraftMessage[] = [
      { type: 'saved', record: { savedAt: 1 } },
      { type: 'accepted' },
      { type: 'new-application' },
      { type: 'device-handover', handedOver: null },
    ];
    for (const message of messages) sending.channel.post(message);
    await settle();
    expect(hearing.heard).toEqual(messages);
  });

  it('ignores what is not a message', () => {
    expect(readDraftMessage(null)).toBeNull();
    expect(readDraftMessage('handed-over')).toBeNull();
  });
});
