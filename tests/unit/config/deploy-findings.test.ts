import { describe, expect, it } from 'vitest';
import { checkConfigText } from '../../../src/config/check-config';
import { parseConfig } from '../../../src/config/parse-config';
import { receiverRules } from '../../../src/config/receiver-rules';
import defaultConfigText from '../../../public/config.json?raw';
import { addField, conditional, edited, errorsOf } from './edited-programme';

// What cannot work is refused before it is deployed (npm run check-config, and the receiver at
// start), though the app itself still opens with it. Each kind of finding has its own file:
// key-typo-findings.test.ts, form-findings.test.ts, messages-schema.test.ts.

describe('deploy findings: the app stays lenient, the receiver does not start', () => {
  const typo = edited((c) => {
    c.requestUrll = c.requestUrl;
    delete c.requestUrl;
    addField(c, 'fields.single.pets', {
      kind: 'text',
      path: 'fields.single.petNames',
      label: 'Names',
      showOnCondition: { path: 'fields.single.pets', equals: 'Yes' },
    });
  });

  it('the app still opens with what the checker refuses', () => {
    expect(parseConfig(typo).ok).toBe(true);
  });

  it('receiverRules is not ok, naming each finding by its path', () => {
    const rules = receiverRules(typo);
    expect(rules.ok).toBe(false);
    if (rules.ok) return;
    expect(rules.problems.map((problem) => problem.path)).toEqual(['requestUrll', expect.stringMatching(/\.showOnCondition\.path$/)]);
    expect(rules.problems[0]?.message).toMatch(/did you mean "requestUrl"/);
  });

  it('receiverRules of the default programme is ok, with its request URL and language', () => {
    const rules = receiverRules(JSON.parse(defaultConfigText));
    expect(rules).toMatchObject({ ok: true, requestUrl: '/api/applications', language: 'en' });
  });
});

describe('the configurations the tests use pass the checker', () => {
  it('the default programme and the end-to-end conditional field (the 200-field step: deploy-findings.node.test.ts)', () => {
    expect(checkConfigText(defaultConfigText)).toEqual({ errors: [], warnings: [] });
    const { config } = conditional({ path: 'fields.single.website.value', equals: true });
    expect(errorsOf(config)).toEqual([]);
  });
});
