import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import HandoverDialog from '../../../src/app/handover-dialog';
import { MessagesContext } from '../../../src/i18n/messages-context';
import { createMessages } from '../../../src/i18n/messages';
import { EN } from '../../../src/i18n/messages-en';

const noop = () => undefined;
const english = createMessages('en', EN);
const inEnglish = (element: React.ReactElement) => <MessagesContext value={english}>{element}</MessagesContext>;

beforeAll(() => {
  // jsdom has the element but not its modal methods; the dialog's words are what is tested here.
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    },
  });
});
const ready = { state: 'ready' as const, link: 'https://apply.example/#resume=abc', expiresAt: Date.UTC(2026, 11, 1) };

describe('the hand-over dialog and files', () => {
  it('names the files the link leaves on this device, and how to take them along', async () => {
    render(
      inEnglish(
        <HandoverDialog title="Continue on another device" attempt={{ ...ready, staying: ['hall.jpg', 'media-kit.pdf'] }} onRetry={noop} onClose={noop} />,
      ),
    );
    expect(
      await screen.findByText(
        'Not uploaded yet, so not in the link: hall.jpg and media-kit.pdf. These stay on this device. To take them along, stay online until they are uploaded and make a new link, or choose them again on the other device.',
      ),
    ).toBeTruthy();
  });

  it('says nothing of files when every file travels', () => {
    render(inEnglish(<HandoverDialog title="Continue on another device" attempt={{ ...ready, staying: [] }} onRetry={noop} onClose={noop} />));
    expect(screen.queryByText(/Not uploaded yet/)).toBeNull();
  });
});
