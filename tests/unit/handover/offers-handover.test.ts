// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WizardConfig } from '../../../src/config/config-schema';
import { linkLifetimeSeconds, offersHandover, pageCanEncrypt } from '../../../src/handover/offers-handover';
import { defaultConfig } from '../../fixtures/default-programme';

const DAY_SECONDS = 24 * 3600;

/** The default programme: Welcome, two steps of form sections, the Creator Hub; sent to /api/applications. */
function config(change: Partial<WizardConfig> = {}): WizardConfig {
  return { ...defaultConfig(), ...change };
}

function offeredSteps(wizard: WizardConfig, submitted = false, canEncrypt = true): number[] {
  return wizard.steps.map((_, step) => step).filter((step) => offersHandover(wizard, step, submitted, canEncrypt));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('offersHandover', () => {
  it('is offered on the steps with a form section, and on no other', () => {
    const wizard = config();
    expect(wizard.steps.map((step) => step.blocks.some((block) => block.component === 'FormSection'))).toEqual([false, true, true, false]);
    expect(offeredSteps(wizard)).toEqual([1, 2]);
  });

  it('is not offered on a step the programme does not have', () => {
    expect(offersHandover(config(), 4, false, true)).toBe(false);
    expect(offersHandover(config(), -1, false, true)).toBe(false);
  });

  it('is offered on a step whose form section comes after other blocks', () => {
    const wizard = config();
    const [welcome, details] = wizard.steps;
    const mixed = config({ steps: [{ ...welcome!, blocks: [...welcome!.blocks, ...details!.blocks.slice(0, 1)] }, ...wizard.steps.slice(1)] });
    expect(offersHandover(mixed, 0, false, true)).toBe(true);
  });

  it('is not offered once the application was accepted', () => {
    expect(offeredSteps(config(), true)).toEqual([]);
  });

  it('is not offered without a receiver for the drafts to travel through', () => {
    expect(offeredSteps(config({ requestUrl: undefined }))).toEqual([]);
    expect(offeredSteps(config({ requestUrl: null }))).toEqual([]);
  });

  it('is not offered when the programme turns it off, and is when it only sets its words or days', () => {
    expect(offeredSteps(config({ continueOnAnotherDevice: false }))).toEqual([]);
    expect(offeredSteps(config({ continueOnAnotherDevice: { buttonText: 'Use my phone', expiresInDays: 2 } }))).toEqual([1, 2]);
  });

  it('is not offered where the page cannot encrypt', () => {
    expect(offeredSteps(config(), false, false)).toEqual([]);
  });
});

describe('linkLifetimeSeconds', () => {
  it('is 7 days unless the programme says otherwise', () => {
    expect(linkLifetimeSeconds(config())).toBe(7 * DAY_SECONDS);
    expect(linkLifetimeSeconds(config({ continueOnAnotherDevice: { buttonText: 'Use my phone' } }))).toBe(7 * DAY_SECONDS);
  });

  it('is the programme’s expiresInDays, in seconds', () => {
    expect(linkLifetimeSeconds(config({ continueOnAnotherDevice: { expiresInDays: 1 } }))).toBe(86_400);
    expect(linkLifetimeSeconds(config({ continueOnAnotherDevice: { expiresInDays: 30 } }))).toBe(2_592_000);
  });
});

describe('pageCanEncrypt', () => {
  it('is true with Web Crypto’s subtle API, false without it (outside a secure context)', () => {
    expect(pageCanEncrypt()).toBe(true);
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(pageCanEncrypt()).toBe(false);
    vi.stubGlobal('crypto', undefined);
    expect(pageCanEncrypt()).toBe(false);
  });
});
