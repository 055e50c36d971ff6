import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HOME_SCREEN_HINT_TEXT, HomeScreenHint } from '../../../src/app/home-screen-hint';

function memory(shown = false) {
  const state = { shown };
  return { state, wasShown: () => state.shown, markShown: () => { state.shown = true; } };
}
const refused = () => Promise.resolve(false);
const notInstalled = () => false;

describe('HomeScreenHint', () => {
  it('once a draft exists and persistence was refused, shows the advice once, remembers it, and Got it hides it', async () => {
    const shown = memory();
    const { rerender } = render(<HomeScreenHint hasDraft={false} persistence={refused} installed={notInstalled} memory={shown} />);
    expect(screen.queryByRole('note')).toBeNull();
    rerender(<HomeScreenHint hasDraft persistence={refused} installed={notInstalled} memory={shown} />);
    expect(await screen.findByRole('note')).toHaveTextContent(HOME_SCREEN_HINT_TEXT);
    expect(shown.state.shown).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('stays quiet when it was shown before, when installed, and when persistence is granted', async () => {
    const granted = () => Promise.resolve(true);
    let answered = 0;
    const counting = (answer: () => Promise<boolean>) => () => answer().finally(() => { answered += 1; });
    render(<HomeScreenHint hasDraft persistence={counting(refused)} installed={notInstalled} memory={memory(true)} />);
    render(<HomeScreenHint hasDraft persistence={counting(refused)} installed={() => true} memory={memory()} />);
    render(<HomeScreenHint hasDraft persistence={counting(granted)} installed={notInstalled} memory={memory()} />);
    await expect.poll(() => answered).toBe(3);
    // The component reads the answer in a later microtask: let it run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
