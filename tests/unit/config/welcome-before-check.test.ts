import { describe, expect, it } from 'vitest';
import { welcomeBeforeCheck } from '../../../src/config/welcome-before-check';
import defaultConfigText from '../../../public/config.json?raw';
import twoLanguagesText from '../../../docs/examples/config.en-fr.json?raw';
import { inLanguage } from '../../../src/config/translated-config';

const base = () => JSON.parse(defaultConfigText) as Record<string, unknown> & { logo: Record<string, unknown>; steps: Array<{ blocks: unknown[] }> };

describe('welcomeBeforeCheck', () => {
  it('draws Welcome from the default programme and the example in two languages', () => {
    expect(welcomeBeforeCheck(base())).not.toBeNull();
    expect(welcomeBeforeCheck(inLanguage(JSON.parse(twoLanguagesText), 'fr'))).not.toBeNull();
  });

  it.each([
    [
      'a link Welcome would show that the URL rules refuse',
      (config: ReturnType<typeof base>) => ({ ...config, logo: { ...config.logo, href: 'javascript:alert(1)' } }),
    ],
    ['a footer link to another scheme', (config: ReturnType<typeof base>) => ({ ...config, footerLinks: [{ text: 'x', href: 'data:text/html,hi' }] })],
    ['a blank title', (config: ReturnType<typeof base>) => ({ ...config, title: ' ' })],
    ['a language that is no tag', (config: ReturnType<typeof base>) => ({ ...config, lang: 'French' })],
    [
      'a first step with a block it does not know',
      (config: ReturnType<typeof base>) => ({ ...config, steps: [{ name: 'Welcome', blocks: [{ component: 'Video', data: {} }] }, ...config.steps.slice(1)] }),
    ],
    ['a single step', (config: ReturnType<typeof base>) => ({ ...config, steps: config.steps.slice(0, 1) })],
  ])('leaves %s to the full check', (_name, edit) => {
    expect(welcomeBeforeCheck(edit(base()))).toBeNull();
  });
});
