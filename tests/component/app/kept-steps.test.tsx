import { act, cleanup, render as renderInPage, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeptSteps } from '../../../src/app/kept-steps';
import { SessionContext, type AwakeSource } from '../../../src/app/session-awake';
import type { StepConfig } from '../../../src/config/config-schema';
import { prepareSanitizer } from '../../../src/html/sanitize-html';

// Each step's text is configured HTML, set by an effect (SafeHtml): whether a hidden step's
// effects have run shows in whether its text is there.
function step(name: string, text: string): StepConfig {
  return { name, blocks: [{ component: 'RichText', data: { html: `<p>${text}</p>` } }] };
}
const steps = [step('Welcome', 'Words of Welcome'), step('Basic Info', 'Words of Basic Info'), step('Details', 'Words of Details')];

/** A step of three blocks, each a part that goes live on its own. */
function stepOfThree(name: string): StepConfig {
  return { name, blocks: ['one', 'two', 'three'].map((word) => ({ component: 'RichText' as const, data: { html: `<p>${name} ${word}</p>` } })) };
}

function slotOf(name: string): HTMLElement {
  const region = screen.getByRole('group', { name, hidden: true });
  const slot = region.parentElement;
  if (!slot) throw new Error(`${name} has no slot`);
  return slot;
}

/** The wizard's session as KeptSteps reads it: asleep (built behind Welcome) until `wake`. */
function sessionStandIn(awake: boolean): AwakeSource & { wake(): void } {
  let snapshot = { awake };
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    wake() {
      snapshot = { awake: true };
      for (const listener of listeners) listener();
    },
  };
}

/** Renders inside a session, awake unless one is given (rerender keeps it). */
function render(ui: ReactElement, session: AwakeSource = sessionStandIn(true)) {
  return renderInPage(ui, {
    wrapper: ({ children }: { children: ReactNode }) => <SessionContext.Provider value={session}>{children}</SessionContext.Provider>,
  });
}

let idle: Array<() => void> = [];
function runIdleCallbacks(): void {
  const due = idle;
  idle = [];
  act(() => {
    for (const callback of due) callback();
  });
}

beforeAll(async () => {
  await prepareSanitizer();
});

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});

afterEach(() => {
  // Unmounted first: unmounting cancels the idle callbacks it asked for.
  cleanup();
  vi.unstubAllGlobals();
});

describe('KeptSteps', () => {
  it('shows the current step at once, and runs a hidden step’s effects only once the browser is idle, still hidden', () => {
    render(<KeptSteps steps={steps} kept={[0, 1]} current={0} onReload={() => undefined} />);
    expect(slotOf('Welcome')).toBeVisible();
    expect(slotOf('Welcome')).toHaveTextContent('Words of Welcome');
    expect(slotOf('Basic Info')).not.toBeVisible();
    expect(slotOf('Basic Info')).toHaveTextContent('');

    runIdleCallbacks();
    expect(slotOf('Basic Info')).toHaveTextContent('Words of Basic Info');
    expect(slotOf('Basic Info')).not.toBeVisible();
    expect(screen.queryByRole('group', { name: 'Basic Info' })).toBeNull();
  });

  it('shows a live step by unhiding it, and keeps a newly kept step waiting until the next idle time', () => {
    const { rerender } = render(<KeptSteps steps={steps} kept={[0, 1]} current={0} onReload={() => undefined} />);
    runIdleCallbacks();

    rerender(<KeptSteps steps={steps} kept={[0, 1, 2]} current={1} onReload={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Basic Info' })).toBeVisible();
    expect(slotOf('Welcome')).not.toBeVisible();
    expect(slotOf('Welcome')).toHaveTextContent('Words of Welcome');
    expect(slotOf('Details')).toHaveTextContent('');

    runIdleCallbacks();
    expect(slotOf('Details')).toHaveTextContent('Words of Details');
    expect(slotOf('Details')).not.toBeVisible();
  });

  it('shows a step pressed to before it went live, with its effects run then', () => {
    const { rerender } = render(<KeptSteps steps={steps} kept={[0, 1]} current={0} onReload={() => undefined} />);
    rerender(<KeptSteps steps={steps} kept={[0, 1, 2]} current={1} onReload={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Basic Info' })).toBeVisible();
    expect(slotOf('Basic Info')).toHaveTextContent('Words of Basic Info');
  });

  it('brings a hidden step live a part per idle moment, so no one task mounts it whole', () => {
    const parts = [step('Welcome', 'Words of Welcome'), stepOfThree('Basic Info')];
    render(<KeptSteps steps={parts} kept={[0, 1]} current={0} onReload={() => undefined} />);
    expect(slotOf('Basic Info')).toHaveTextContent('');
    runIdleCallbacks();
    expect(slotOf('Basic Info').textContent).toBe('Basic Info one');
    runIdleCallbacks();
    expect(slotOf('Basic Info').textContent).toBe('Basic Info oneBasic Info two');
    runIdleCallbacks();
    expect(slotOf('Basic Info').textContent).toBe('Basic Info oneBasic Info twoBasic Info three');
    expect(slotOf('Basic Info')).not.toBeVisible();
  });

  it('built behind Welcome (its session asleep), brings even its current step live by parts, that one first', () => {
    const parts = [step('Welcome', 'Words of Welcome'), stepOfThree('Basic Info'), step('Details', 'Words of Details')];
    render(<KeptSteps steps={parts} kept={[0, 1, 2]} current={1} onReload={() => undefined} />, sessionStandIn(false));
    expect(slotOf('Basic Info')).toHaveTextContent('');
    runIdleCallbacks();
    expect(slotOf('Basic Info').textContent).toBe('Basic Info one');
    runIdleCallbacks();
    runIdleCallbacks();
    expect(slotOf('Basic Info').textContent).toBe('Basic Info oneBasic Info twoBasic Info three');
    expect(slotOf('Details')).toHaveTextContent('');
    runIdleCallbacks();
    expect(slotOf('Details')).toHaveTextContent('Words of Details');
  });

  it('shows its current step whole the moment the session wakes, read from the session rather than passed down', () => {
    const parts = [step('Welcome', 'Words of Welcome'), stepOfThree('Basic Info')];
    const session = sessionStandIn(false);
    render(<KeptSteps steps={parts} kept={[0, 1]} current={1} onReload={() => undefined} />, session);
    runIdleCallbacks();
    expect(slotOf('Basic Info').textContent).toBe('Basic Info one');

    act(() => {
      session.wake();
    });

    expect(screen.getByRole('group', { name: 'Basic Info' })).toHaveTextContent('Basic Info oneBasic Info twoBasic Info three');
  });

  it('shows a step whole the moment it is current, though only part of it was live', () => {
    const parts = [step('Welcome', 'Words of Welcome'), stepOfThree('Basic Info')];
    const { rerender } = render(<KeptSteps steps={parts} kept={[0, 1]} current={0} onReload={() => undefined} />);
    runIdleCallbacks();
    rerender(<KeptSteps steps={parts} kept={[0, 1]} current={1} onReload={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Basic Info' })).toHaveTextContent('Basic Info oneBasic Info twoBasic Info three');
  });

  it('brings a step that left the page back hidden, not live, and live again by parts', () => {
    const parts = [step('Welcome', 'Words of Welcome'), step('Basic Info', 'Words of Basic Info'), stepOfThree('Details')];
    const { rerender } = render(<KeptSteps steps={parts} kept={[0, 1, 2]} current={1} onReload={() => undefined} />);
    for (let round = 0; round < 4; round += 1) runIdleCallbacks();
    expect(slotOf('Details').textContent).toBe('Details oneDetails twoDetails three');

    // Back to Welcome: Details is no longer kept, and goes.
    rerender(<KeptSteps steps={parts} kept={[0, 1]} current={0} onReload={() => undefined} />);
    expect(screen.queryByRole('group', { name: 'Details', hidden: true })).toBeNull();
    // Continue again: it comes back drawn but hidden, its effects held back until idle moments.
    rerender(<KeptSteps steps={parts} kept={[0, 1, 2]} current={1} onReload={() => undefined} />);
    expect(slotOf('Details')).toHaveTextContent('');
    runIdleCallbacks();
    expect(slotOf('Details').textContent).toBe('Details one');
  });
});
