import { describe, expect, it, vi } from 'vitest';
import type { AttemptOutcome } from '../../../src/outbox/retry-policy';
import { submitApplication, type SubmitSteps } from '../../../src/outbox/submit-application';

const URL = '/api/applications';
const BODY = { personalInfo: { firstName: 'Ada' } };

function steps(body: typeof BODY | null, outcome: AttemptOutcome | 'busy' = 'accepted') {
  return {
    bodyToSend: vi.fn<SubmitSteps<typeof BODY>['bodyToSend']>(() => Promise.resolve(body)),
    send: vi.fn<SubmitSteps<typeof BODY>['send']>(() => Promise.resolve(outcome)),
    accept: vi.fn<SubmitSteps<typeof BODY>['accept']>(() => Promise.resolve()),
  };
}

describe("submitApplication (the wizard's submit step)", () => {
  it('does nothing more once the application is accepted, not even checking it', async () => {
    const fx = steps(BODY);
    expect(await submitApplication(true, URL, fx)).toBe(true);
    expect(fx.bodyToSend).not.toHaveBeenCalled();
    expect(fx.send).not.toHaveBeenCalled();
  });

  it('sends nothing while the answers are not valid', async () => {
    const fx = steps(null);
    expect(await submitApplication(false, URL, fx)).toBe(false);
    expect(fx.send).not.toHaveBeenCalled();
    expect(fx.accept).not.toHaveBeenCalled();
  });

  it('accepts on the device when the programme configures no requestUrl', async () => {
    const fx = steps(BODY);
    expect(await submitApplication(false, undefined, fx)).toBe(true);
    expect(fx.accept).toHaveBeenCalledOnce();
    expect(fx.send).not.toHaveBeenCalled();
  });

  it('sends the checked body to the requestUrl and moves on only when it is accepted', async () => {
    const fx = steps(BODY);
    expect(await submitApplication(false, URL, fx)).toBe(true);
    expect(fx.send).toHaveBeenCalledExactlyOnceWith(URL, BODY);
    expect(fx.accept).not.toHaveBeenCalled();
  });

  it.each(['retry', 'refused', 'busy'] as const)('keeps the step when the attempt ends in %s', async (outcome) => {
    expect(await submitApplication(false, URL, steps(BODY, outcome))).toBe(false);
  });
});
