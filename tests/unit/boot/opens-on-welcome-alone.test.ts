import { describe, expect, it } from 'vitest';
import { opensOnWelcomeAlone } from '../../../src/boot/opens-on-welcome-alone';
import type { WizardConfig } from '../../../src/config/config-schema';

type Steps = WizardConfig['steps'];

function steps(count: number, firstBlocks: Steps[number]['blocks'] = [{ component: 'Heading', data: { text: 'Welcome' } }]): Steps {
  return Array.from({ length: count }, (_, index) => ({
    name: `Step ${String(index)}`,
    blocks: index === 0 ? firstBlocks : [{ component: 'Heading', data: { text: `Step ${String(index)}` } }],
  }));
}

describe('opensOnWelcomeAlone', () => {
  it('is true for a Welcome that asks for nothing and whose Continue only moves on', () => {
    expect(opensOnWelcomeAlone({ steps: steps(4) })).toBe(true);
    expect(opensOnWelcomeAlone({ steps: steps(3), skipLastStep: true })).toBe(true);
  });

  it('is false when the first step holds form fields', () => {
    const withForm = steps(4, [{ component: 'FormSection', data: { fields: [] } }] as unknown as Steps[number]['blocks']);
    expect(opensOnWelcomeAlone({ steps: withForm })).toBe(false);
  });

  it('follows the wizard machine: step 0 only moves on, even in a two-step programme', () => {
    expect(opensOnWelcomeAlone({ steps: steps(2) })).toBe(true);
    expect(opensOnWelcomeAlone({ steps: steps(2), skipLastStep: true })).toBe(true);
  });
});
