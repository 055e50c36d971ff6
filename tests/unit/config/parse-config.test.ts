import { describe, expect, it } from 'vitest';
import { backgroundForStep } from '../../../src/config/background-for-step';
import { parseConfig, parseConfigText, UNKNOWN_KEY } from '../../../src/config/parse-config';
import defaultConfigText from '../../../public/config.json?raw';

const defaultConfig = JSON.parse(defaultConfigText) as Record<string, unknown>;

function withChanges(change: (config: Record<string, unknown>) => void): Record<string, unknown> {
  const copy = structuredClone(defaultConfig);
  change(copy);
  return copy;
}

function formFields(config: Record<string, unknown>, step: number): Array<Record<string, unknown>> {
  const blocks = (config.steps as Array<{ blocks: Array<{ component: string; data: { fields?: Array<Record<string, unknown>> } }> }>)[step]!.blocks;
  const section = blocks.find((block) => block.component === 'FormSection');
  if (!section?.data.fields) throw new Error(`step ${String(step)} has no form section`);
  return section.data.fields;
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

  it("puts the booking warning in the Creator Hub step's footer note, beside the decline note (docs/product-rules.md §1)", () => {
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
      'footerLinks.0.href: expected an https URL (http only for localhost) or a path on this site starting with / (not // or /\\)',
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
      'steps.0.blocks.3.component: the block component "Carousel" is unknown; the block components are Heading, RichText, InfoBox, Notice, FormSection',
    ]);
  });

  it('reports an unknown field kind by the field, naming the field kinds that exist', () => {
    const problems = problemsOf(
      withChanges((c) => {
        const fields = formFields(c, 1);
        fields[0] = { ...fields[0], kind: 'textarea' };
        fields.push({ label: 'No kind at all', path: 'fields.single.note' });
      }),
    );
    const kinds = 'the field kinds are text, select, checkbox, yesNo, phone, platforms, file';
    expect(problems).toEqual([
      `steps.1.blocks.0.data.fields.0.kind: the field kind "textarea" of field "personalInfo.firstName" is unknown; ${kinds}`,
      `steps.1.blocks.0.data.fields.${String(formFields(defaultConfig, 1).length)}.kind: the field kind of field "fields.single.note" is missing; ${kinds}`,
    ]);
    expect(problems.join('\n')).not.toMatch(/block component/);
  });

  it('leaves unknown keys out and lists them, anywhere in the document, instead of refusing the configuration', () => {
    const result = parseConfig(
      withChanges((c) => {
        c.titel = 'x';
        c.newerSetting = { enabled: true };
        (c.steps as Array<Record<string, unknown>>)[1]!.layout = 'wide';
        formFields(c, 1)[0]!.tooltip = 'from a newer build';
        c.backgrounds = { src: '/a.jpg', sources: [{ type: 'image/avif', srcset: '/a-480.avif 480w', lazy: true }], sizes: '100vw' };
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.unknownKeys.every((problem) => problem.message === UNKNOWN_KEY)).toBe(true);
    expect(result.unknownKeys.map((problem) => problem.path).sort()).toEqual([
      'backgrounds.sources.0.lazy',
      'newerSetting',
      'steps.1.blocks.0.data.fields.0.tooltip',
      'steps.1.layout',
      'titel',
    ]);
    expect(result.config).not.toHaveProperty('titel');
    expect(result.config.steps[1]).not.toHaveProperty('layout');
  });

  it('still lists unknown keys beside the errors of an invalid configuration', () => {
    const result = parseConfig(withChanges((c) => ((c.titel = 'x'), (c.steps = 'four'))));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual(['steps: expected an array, got a string']);
    expect(result.unknownKeys.map((problem) => problem.path)).toEqual(['titel']);
  });

  it('accepts a "$schema" key for editors', () => {
    const result = parseConfig(withChanges((c) => (c.$schema = './config.schema.json')));
    expect(result.ok && result.unknownKeys).toEqual([]);
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
