import { describe, expect, it } from 'vitest';
import { backgroundForStep } from '../../../src/config/background-for-step';
import { parseConfig, parseConfigText } from '../../../src/config/parse-config';
import defaultConfigText from '../../../public/config.json?raw';

const defaultConfig = JSON.parse(defaultConfigText) as Record<string, unknown>;

function withChanges(change: (config: Record<string, unknown>) => void): Record<string, unknown> {
  const copy = structuredClone(defaultConfig);
  change(copy);
  return copy;
}

function problemsOf(input: unknown): string[] {
  const result = parseConfig(input);
  return result.ok ? [] : result.problems.map((problem) => `${problem.path}: ${problem.message}`);
}

describe('the default programme', () => {
  it('is a valid configuration with the four steps of the spec', () => {
    const result = parseConfigText(defaultConfigText);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.steps.map((step) => step.name)).toEqual(['Welcome', 'Basic Info', 'Details', 'Creator Hub']);
    const hub = backgroundForStep(result.config.backgrounds, 3);
    expect(typeof hub === 'string' ? hub : hub.src).toMatch(/step-3/);
  });

  it('tells the creator the reply time, the trade nature, the booking warning and the decline note', () => {
    expect(defaultConfigText).toMatch(/3–5 business days/);
    expect(defaultConfigText).toMatch(/trade partnership, not a paid one/);
    expect(defaultConfigText).toMatch(/do not book a consultation through our website/i);
    expect(defaultConfigText).toMatch(/within a few weeks, your application was declined/);
    expect(defaultConfigText).toMatch(/two short steps, and all fields are mandatory/);
  });

  it('puts the booking warning in the Creator Hub step\'s footer note, beside the decline note (spec §2, Steps)', () => {
    const result = parseConfigText(defaultConfigText);
    if (!result.ok) throw new Error('the default programme is invalid');
    const hub = result.config.steps[3];
    expect(hub?.footer).toMatch(/do not book a consultation through our website<\/strong> while you are awaiting confirmation/i);
    expect(hub?.footer).toMatch(/within a few weeks, your application was declined/);
    expect(JSON.stringify(hub?.blocks)).not.toMatch(/book a consultation/);
  });
});

describe('parseConfig problems, each named by its path', () => {
  it('reports a wrong type with what was expected', () => {
    expect(problemsOf(withChanges((c) => (c.steps = 'four')))).toEqual(['steps: expected an array, got a string']);
  });

  it('reports a missing key', () => {
    expect(problemsOf(withChanges((c) => delete c.title))).toEqual(['title: expected a string, but it is missing']);
  });

  it('reports every problem at once, deep paths included', () => {
    const problems = problemsOf(
      withChanges((c) => {
        c.lang = 'English please';
        (c.steps as Array<Record<string, unknown>>)[1]!.name = '  ';
        c.footerLinks = [{ text: 'Terms', href: 'javascript:alert(1)' }];
      }),
    );
    expect(problems).toEqual([
      'lang: expected a language tag such as "en" or "en-US"',
      'footerLinks.0.href: expected an http(s) URL or a path starting with /',
      'steps.1.name: must not be empty',
    ]);
  });

  it('reports an unknown block component with the known ones', () => {
    const problems = problemsOf(
      withChanges((c) => {
        (c.steps as Array<{ blocks: unknown[] }>)[0]!.blocks.push({ component: 'Carousel', data: {} });
      }),
    );
    expect(problems).toEqual([
      'steps.0.blocks.3.component: unknown block component "Carousel"; expected one of Heading, RichText, InfoBox, Notice, FormSection',
    ]);
  });

  it('reports an unknown key, which is usually a typo', () => {
    expect(problemsOf(withChanges((c) => (c.titel = 'x')))).toEqual(['(the document): unknown key "titel"']);
  });

  it('requires at least two steps and a usable backgrounds value', () => {
    const problems = problemsOf(
      withChanges((c) => {
        c.steps = [(c.steps as unknown[])[0]];
        c.backgrounds = 4;
      }),
    );
    expect(problems).toEqual(['backgrounds: expected an image path, a responsive image set, or a list of them', 'steps: expected at least two steps']);
  });

  it('reports text that is not JSON', () => {
    const result = parseConfigText('{ "title": ');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]?.path).toBe('config.json');
    expect(result.problems[0]?.message).toMatch(/^is not valid JSON/);
  });

  it('accepts a null requestUrl, analytics and errorReporting', () => {
    expect(problemsOf(withChanges((c) => ((c.requestUrl = null), (c.analytics = null), (c.errorReporting = null))))).toEqual([]);
  });
});

describe('backgroundForStep', () => {
  it('uses the single image for every step', () => {
    expect(backgroundForStep('/one.jpg', 0)).toBe('/one.jpg');
    expect(backgroundForStep('/one.jpg', 3)).toBe('/one.jpg');
  });

  it("uses each step's own image, and the last for steps beyond the list", () => {
    expect(backgroundForStep(['/a.jpg', '/b.jpg'], 0)).toBe('/a.jpg');
    expect(backgroundForStep(['/a.jpg', '/b.jpg'], 1)).toBe('/b.jpg');
    expect(backgroundForStep(['/a.jpg', '/b.jpg'], 3)).toBe('/b.jpg');
  });
});
