import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HomeScreenHint } from '../../../src/app/home-screen-hint';
import { EN } from '../../../src/i18n/messages-en';
import { FormWords } from '../../../src/app/form-words';

function memory(shown = false) {
  const state = { shown };
  return {
    state,
    wasShown: () => state.shown,
    markShown: () => {
      state.shown = true;
    },
  };
}
const refused = () => Promise.resolve(false);
const notInstalled = () => false;
// Lets the component read persist()'s answer (a later microtask) and render.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('HomeScreenHint', () => {
  it('once a draft exists and persistence was refused, shows the advice with the next step, once, and Got it hides it', async () => {
    const shown = memory();
    const props = { persistence: refused, installed: notInstalled, memory: shown };
    const { rerender } = render(<HomeScreenHint hasDraft={false} step={1} sent={false} {...props} />, { wrapper: FormWords });
    rerender(<HomeScreenHint hasDraft step={1} sent={false} {...props} />);
    await settle();
    // Not on the step being filled: nothing moves under the creator's pointer.
    expect(screen.queryByRole('note')).toBeNull();
    expect(shown.state.shown).toBe(false);
    rerender(<HomeScreenHint hasDraft step={2} sent={false} {...props} />);
    expect(await screen.findByRole('note')).toHaveTextContent(EN.homeScreen);
    expect(shown.state.shown).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('goes once the application is accepted: its answers left the device, nothing is left to keep', async () => {
    const props = { persistence: refused, installed: notInstalled, memory: memory() };
    const { rerender } = render(<HomeScreenHint hasDraft step={1} sent={false} {...props} />, { wrapper: FormWords });
    await settle();
    rerender(<HomeScreenHint hasDraft step={2} sent={false} {...props} />);
    expect(await screen.findByRole('note')).toHaveTextContent(EN.homeScreen);
    // Sending ends the draft (hasDraft goes false) and shows the thank-you step.
    rerender(<HomeScreenHint hasDraft={false} step={3} sent {...props} />);
    expect(screen.queryByRole('note')).toBeNull();
    // Start a new application, type, move on: it was shown once on this device, so it stays gone.
    rerender(<HomeScreenHint hasDraft={false} step={0} sent={false} {...props} />);
    rerender(<HomeScreenHint hasDraft step={1} sent={false} {...props} />);
    await settle();
    rerender(<HomeScreenHint hasDraft step={2} sent={false} {...props} />);
    await settle();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('stays quiet when it was shown before, when installed, and when persistence is granted', async () => {
    const granted = () => Promise.resolve(true);
    const cases = [
      { persistence: refused, installed: notInstalled, memory: memory(true) },
      { persistence: refused, installed: () => true, memory: memory() },
      { persistence: granted, installed: notInstalled, memory: memory() },
    ];
    for (const props of cases) {
      const { rerender, unmount } = render(<HomeScreenHint hasDraft step={1} sent={false} {...props} />, { wrapper: FormWords });
      await settle();
      rerender(<HomeScreenHint hasDraft step={2} sent={false} {...props} />);
      await settle();
      expect(screen.queryByRole('note')).toBeNull();
      unmount();
    }
  });
});
