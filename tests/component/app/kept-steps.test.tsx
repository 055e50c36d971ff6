import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeptSteps } from '../../../src/app/kept-steps';
import type { StepConfig } from '../../../src/config/config-schema';
import { prepareSanitizer } from '../../../src/html/sanitize-html';

// Each step's text is configured HTML, set by an effect (SafeHtml): whether a hidden step's
// effects have run shows in whether its text is there.
function step(name: string, text: string): StepConfig {
  return { name, blocks: [{ component: 'RichText', data: { html: `<p>${text}</p>` } }] };
}
const steps = [step('Welcome', 'Words of Welcome'), step('Basic Info', 'Words of Basic Info'), step('Details', 'Words of Details')];

function slotOf(name: string): HTMLElement {
  const region = screen.getByRole('group', { name, hidden: true });
  const slot = region.parentElement;
  if (!slot) throw new Error(`${name} has no slot`);
  return slot;
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
});
