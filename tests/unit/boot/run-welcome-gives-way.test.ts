// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { runWelcomeGivingWay } from '../../../src/boot/run-welcome-gives-way';

/** A wizard whose session answers `wake` with `awakes` (false: stale). */
function wizard(name: string, awakes = true) {
  return { name, session: { wake: vi.fn(() => Promise.resolve(awakes)), dispose: vi.fn() } };
}

type Wizard = ReturnType<typeof wizard>;

/** A promise settled by the test, to hold a build or a load under way. */
function deferred() {
  let resolve: (value: Wizard) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<Wizard>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('runWelcomeGivingWay', () => {
  it('does nothing until idle or pressed', () => {
    const loadWizard = vi.fn(() => Promise.resolve(wizard('loaded')));
    const buildAhead = vi.fn(() => Promise.resolve(wizard('built')));
    const givingWay = runWelcomeGivingWay({ loadWizard, buildAhead });

    expect(givingWay.getSnapshot()).toEqual({ stage: 'welcome', failed: false });
    expect(loadWizard).not.toHaveBeenCalled();
    expect(buildAhead).not.toHaveBeenCalled();
  });

  it('a press while the build is under way resolves once the build is shown and woken, with no load', async () => {
    const build = deferred();
    const loadWizard = vi.fn(() => Promise.resolve(wizard('loaded')));
    const givingWay = runWelcomeGivingWay({ loadWizard, buildAhead: () => build.promise });
    givingWay.idle();
    const pressed = givingWay.press();
    const built = wizard('built');

    build.resolve(built);
    await pressed;

    expect(givingWay.getSnapshot().stage).toMatch(/waking|shown/);
    await vi.waitFor(() => {
      expect(givingWay.getSnapshot()).toEqual({ stage: 'shown', drawn: { wizard: built, key: 1 } });
    });
    expect(built.session.wake).toHaveBeenCalledOnce();
    expect(loadWizard).not.toHaveBeenCalled();
  });

  it('a press whose load fails rejects; pressed again, it loads again', async () => {
    const loadWizard = vi.fn(() => Promise.reject<Wizard>(new Error('Failed to fetch dynamically imported module')));
    const givingWay = runWelcomeGivingWay({ loadWizard, buildAhead: () => Promise.resolve(wizard('built')) });

    await expect(givingWay.press()).rejects.toThrow();
    loadWizard.mockImplementation(() => Promise.resolve(wizard('loaded')));
    await givingWay.press();

    expect(loadWizard).toHaveBeenCalledTimes(2);
  });

  it('stale: the blank wizard is disposed and the one loaded from the store shown and woken', async () => {
    const stale = wizard('built', false);
    const fresh = wizard('loaded');
    const givingWay = runWelcomeGivingWay({ loadWizard: () => Promise.resolve(fresh), buildAhead: () => Promise.resolve(stale) });
    givingWay.idle();
    await vi.waitFor(() => {
      expect(givingWay.getSnapshot().stage).toBe('built');
    });

    await givingWay.press();

    await vi.waitFor(() => {
      expect(givingWay.getSnapshot()).toEqual({ stage: 'shown', drawn: { wizard: fresh, key: 2 } });
    });
    expect(stale.session.dispose).toHaveBeenCalledOnce();
    expect(fresh.session.wake).toHaveBeenCalledOnce();
  });
});
