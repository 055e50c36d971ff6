import { describe, expect, it } from 'vitest';
import { describeConfigIssueForDeployers } from '../../../src/config/describe-union-forms';
import { parseConfig } from '../../../src/config/parse-config';
import { receiverRules } from '../../../src/config/receiver-rules';
import { addField, conditional, edited, errorsOf, sectionWith } from './edited-programme';

// What a programme's form says that cannot work is refused before it is deployed
// (src/config/form-findings.ts), though the app itself still opens with it.

describe('form findings: showOnCondition', () => {
  it('passes the working form for each kind of answer', () => {
    const config = edited((c) => {
      addField(c, 'fields.single.pets', {
        kind: 'text',
        path: 'fields.single.a',
        label: 'A',
        showOnCondition: { path: 'fields.single.pets.value', equals: true },
      });
      addField(c, 'fields.single.pets', {
        kind: 'text',
        path: 'fields.single.b',
        label: 'B',
        showOnCondition: { path: 'fields.single.usedBefore', equals: 'Yes' },
      });
      addField(c, 'fields.single.pets', {
        kind: 'text',
        path: 'fields.single.c',
        label: 'C',
        showOnCondition: { path: 'fields.single.mediaKit', equals: 'none' },
      });
      addField(c, 'fields.single.pets', { kind: 'checkbox', path: 'agreement', label: 'I agree' });
      addField(c, 'fields.single.pets', { kind: 'text', path: 'fields.single.d', label: 'D', showOnCondition: { path: 'agreement', equals: true } });
      addField(c, 'personalInfo.city', {
        kind: 'text',
        path: 'fields.single.e',
        label: 'E',
        showOnCondition: { path: 'personalInfo.countryCode', equals: 'CA' },
      });
      addField(c, 'personalInfo.city', {
        kind: 'text',
        path: 'fields.single.f',
        label: 'F',
        showOnCondition: { path: 'fields.single.website.value', equals: false },
      });
    });
    expect(errorsOf(config)).toEqual([]);
  });

  it('refuses "Yes" for a yes/no answer, with the form that works', () => {
    const { config, at } = conditional({ path: 'fields.single.pets.value', equals: 'Yes' });
    expect(errorsOf(config)).toEqual([
      `${at}.equals: a yes/no answer is true (yes) or false (no), never "Yes", so the field would never show: write { "path": "fields.single.pets.value", "equals": true } instead`,
    ]);
    expect(errorsOf(conditional({ path: 'fields.single.pets.value', equals: 'no' }).config)[0]).toMatch(
      /write \{ "path": "fields.single.pets.value", "equals": false \} instead$/,
    );
  });

  it('refuses a yes/no question named without .value, with the form that works', () => {
    const { config, at } = conditional({ path: 'fields.single.pets', equals: true });
    expect(errorsOf(config)).toEqual([
      `${at}.path: is a yes/no question, whose answer is at "fields.single.pets.value" (true for yes, false for no), so the field would never show: write { "path": "fields.single.pets.value", "equals": true } instead`,
    ]);
    expect(errorsOf(conditional({ path: 'fields.single.pets', equals: 'No' }).config)[0]).toMatch(
      /write \{ "path": "fields.single.pets.value", "equals": false \} instead$/,
    );
  });

  it('refuses an option of a multi-select: its answer is a list, never one option', () => {
    const { config, at } = conditional({ path: 'fields.single.niche', equals: 'Home décor' });
    expect(errorsOf(config)).toEqual([
      expect.stringMatching(
        new RegExp(`^${at.replaceAll('.', '\\.')}\\.path: is a multi-select: its answer is the list of chosen options, which never equals one value`),
      ),
    ]);
  });

  it('refuses a path that names no field, suggesting the nearest', () => {
    const { config, at } = conditional({ path: 'fields.single.petz.value', equals: true });
    expect(errorsOf(config)).toEqual([
      expect.stringMatching(
        new RegExp(`^${at.replaceAll('.', '\\.')}\\.path: names no field of this programme; did you mean "fields\\.single\\.pets\\.value"\\?`),
      ),
    ]);
    expect(errorsOf(conditional({ path: 'fields.single.favouriteColour', equals: 'blue' }).config)).toEqual([
      expect.stringMatching(/\.path: names no field of this programme \(a condition names a field's path/),
    ]);
  });

  it('refuses .value after a field that is not a yes/no question', () => {
    const { config, at } = conditional({ path: 'fields.single.usedBefore.value', equals: 'Yes' });
    expect(errorsOf(config)).toEqual([
      `${at}.path: names no answer: only a yes/no question's answer is at <path>.value; the answer of "fields.single.usedBefore" is at its path: write { "path": "fields.single.usedBefore", "equals": "Yes" } instead`,
    ]);
  });

  it("refuses a select's value it does not offer, suggesting the value when the option's name was written", () => {
    const byName = conditional({ path: 'fields.single.roomPhotos', equals: 'two or three rooms' });
    expect(errorsOf(byName.config)).toEqual([
      `${byName.at}.equals: "two or three rooms" is not a value of the select "fields.single.roomPhotos", so the field would never show: write { "path": "fields.single.roomPhotos", "equals": "Two or three rooms" } instead (an option's value, not its name)`,
    ]);
    const country = conditional({ path: 'personalInfo.countryCode', equals: 'Canada' });
    expect(errorsOf(country.config)[0]).toMatch(/write \{ "path": "personalInfo.countryCode", "equals": "CA" \} instead/);
    const unknown = conditional({ path: 'fields.single.usedBefore', equals: 'Maybe' });
    expect(errorsOf(unknown.config)).toEqual([
      expect.stringMatching(/"Maybe" is not a value of the select "fields.single.usedBefore", so the field would never show; its values are "Yes", "No"/),
    ]);
  });

  it('refuses a number or a boolean for a text answer, and true for a checkbox written as "yes"', () => {
    const text = conditional({ path: 'fields.single.mediaKit', equals: 5 });
    expect(errorsOf(text.config)).toEqual([
      `${text.at}.equals: the answer at "fields.single.mediaKit" is text, never the number 5, so the field would never show: write { "path": "fields.single.mediaKit", "equals": "5" } instead`,
    ]);
    const config = edited((c) => {
      addField(c, 'fields.single.pets', { kind: 'checkbox', path: 'agreement', label: 'I agree' });
      addField(c, 'fields.single.pets', { kind: 'text', path: 'fields.single.d', label: 'D', showOnCondition: { path: 'agreement', equals: 'yes' } });
    });
    expect(errorsOf(config)).toEqual([
      expect.stringMatching(/a checkbox is true \(ticked\) or false \(not ticked\), never "yes".*write \{ "path": "agreement", "equals": true \} instead$/),
    ]);
  });

  it("checks a yes/no question's follow-ups' conditions too, and refuses a field shown on its own answer", () => {
    let at = '';
    const config = edited((c) => {
      at = addField(c, 'fields.single.pets', {
        kind: 'yesNo',
        path: 'fields.single.agency',
        label: 'Agency?',
        showOnCondition: { path: 'fields.single.agency.value', equals: true },
        followUp: [{ kind: 'text', path: 'fields.single.agencyName', label: 'Which?', showOnCondition: { path: 'fields.single.pets.value', equals: 'Yes' } }],
      });
    });
    expect(errorsOf(config)).toEqual([
      expect.stringMatching(new RegExp(`^${at.replaceAll('.', '\\.')}\\.showOnCondition\\.path: is this field's own answer`)),
      expect.stringMatching(new RegExp(`^${at.replaceAll('.', '\\.')}\\.followUp\\.0\\.showOnCondition\\.equals: a yes/no answer is true`)),
    ]);
  });
});

describe('form findings: fieldRules, options and paths', () => {
  it('refuses a fieldRules path that names no field, and passes those that do', () => {
    const config = edited((c) => {
      c.fieldRules = {
        'personalInfo.firstName': { maxLength: 80 },
        'platforms.*.handle': { maxLength: 30 },
        'platforms.website.url': { maxLength: 200 },
        'fields.single.niche': { maxItems: 2 },
        'fields.single.pets.explanation': { maxLength: 500 },
        'personalInfo.firstNme': { maxLength: 80 },
        'fields.single.favouriteColour': { maxLength: 10 },
      };
    });
    expect(errorsOf(config)).toEqual([
      expect.stringMatching(/^fieldRules\.personalInfo\.firstNme: names no field of this programme; did you mean "personalInfo\.firstName"\?/),
      expect.stringMatching(/^fieldRules\.fields\.single\.favouriteColour: names no field of this programme \(a rule names/),
    ]);
  });

  it('refuses a required select without options, and passes one that is not required', () => {
    let at = '';
    const config = edited((c) => {
      at = addField(c, 'fields.single.pets', { kind: 'select', path: 'fields.single.budget', label: 'Budget', options: [] });
      addField(c, 'fields.single.pets', { kind: 'select', path: 'fields.single.extras', label: 'Extras', options: [], required: false });
    });
    expect(errorsOf(config)).toEqual([
      `${at}.options: a required select with no options: no creator could answer it, so no application could be finished; add options, or set "required": false`,
    ]);
  });

  it('refuses a path used by two fields', () => {
    let at = '';
    const config = edited((c) => {
      at = addField(c, 'fields.single.pets', { kind: 'text', path: 'personalInfo.city', label: 'City again' });
    });
    expect(errorsOf(config)).toEqual([
      `${at}.path: "personalInfo.city" is also the field at steps.1.blocks.0.data.fields.6: two fields would share one answer`,
    ]);
  });

  it("names the list form where a list of options is allowed (in the deployer's tools)", () => {
    const config = edited((c) => {
      delete sectionWith(c, 'fields.single.roomPhotos').fields.find((field) => field.path === 'fields.single.roomPhotos')!.options;
    });
    const result = parseConfig(config, describeConfigIssueForDeployers);
    expect(result.ok ? [] : result.problems.map((problem) => problem.message)).toEqual([
      'expected a list of options [{ "name": …, "value": … }, …], or one of "countries", "usStates", "canadianProvinces", but it is missing',
    ]);
  });
});

describe('form findings: a programme that can never send', () => {
  it('refuses two steps without skipLastStep (Welcome only moves on, the last step only redirects), and passes them with it', () => {
    const twoSteps = edited((c) => {
      const steps = c.steps as unknown[];
      c.steps = [steps[0], steps[steps.length - 1]];
      c.skipLastStep = false;
    });
    expect(errorsOf(twoSteps)).toEqual([
      'steps: no step sends the application: with 2 steps and no "skipLastStep", Continue on the first step only moves on and the last step only opens the creator hub; add a form step before the last one, or set "skipLastStep": true so the last step sends',
    ]);
    expect(receiverRules(twoSteps).ok).toBe(false);
    expect(errorsOf({ ...twoSteps, skipLastStep: true })).toEqual([]);
  });
});
