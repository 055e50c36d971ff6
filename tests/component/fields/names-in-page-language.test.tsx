import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProgrammeForm } from '../../../src/application/rules/programme-form';
import { COUNTRY_PATH, PHONE_CODE_PATH } from '../../../src/application/values/field-paths';
import { ChoiceField } from '../../../src/fields/choice-field';
import { PhoneField } from '../../../src/fields/phone-field';
import { configuredField, programmeWith, renderWithForm } from '../support/render-with-form';

/** The default programme on a page in `lang`, its State question made a list of Canadian provinces. */
function programmeIn(lang: string): ProgrammeForm {
  return programmeWith((config) => {
    config.lang = lang;
    const basicInfo = config.steps[1]!.blocks[0]!;
    if (basicInfo.component !== 'FormSection') throw new Error('expected the Basic Information section');
    basicInfo.data.fields = basicInfo.data.fields.map((field) =>
      'path' in field && field.path === 'personalInfo.provinceCode'
        ? { kind: 'select', path: field.path, label: 'Province', options: 'canadianProvinces' }
        : field,
    );
  });
}

function optionNames(): string[] {
  return screen.getAllByRole('option').map((option) => option.textContent);
}

// Generous, as in choice-field.test.tsx: a list of 250 options in jsdom is slow on a busy machine.
describe("lists in the page's language", { timeout: 30_000 }, () => {
  it('lists the countries of a French page in French, in French order, and stores the same codes', async () => {
    const user = userEvent.setup();
    const programme = programmeIn('fr');
    const { form } = renderWithForm(<ChoiceField field={configuredField('select', COUNTRY_PATH, programme)} />, { programme });
    const input = screen.getByRole('combobox', { name: 'Country' });
    expect(input).toHaveValue('États-Unis');

    await user.click(input);
    const names = optionNames();
    expect(names).toContain('Allemagne');
    expect(names).not.toContain('Germany');
    expect(names.indexOf('Émirats arabes unis')).toBeGreaterThan(names.indexOf('Égypte'));
    expect(names.indexOf('Émirats arabes unis')).toBeLessThan(names.indexOf('Espagne'));

    await user.keyboard('{Control>}a{/Control}emirats');
    expect(optionNames()).toEqual(['Émirats arabes unis']);
    await user.keyboard('{Enter}');
    expect(form.getValues(COUNTRY_PATH)).toBe('AE');
    expect(input).toHaveValue('Émirats arabes unis');
  });

  it('offers the phone codes of a Spanish page by Spanish name, the United States first', async () => {
    const user = userEvent.setup();
    const programme = programmeIn('es');
    const { form } = renderWithForm(<PhoneField field={configuredField('phone', undefined, programme)} />, { programme });
    const code = screen.getByRole('combobox', { name: 'Country code' });
    expect(code).toHaveValue('US +1');

    await user.click(code);
    expect(optionNames()[0]).toContain('Estados Unidos (+1)');
    await user.keyboard('{Control>}a{/Control}alemania{Enter}');
    expect(form.getValues(PHONE_CODE_PATH)).toBe('49');
    expect(form.getValues(COUNTRY_PATH)).toBe('DE');
    expect(code).toHaveValue('DE +49');
  });

  it('names the Canadian provinces of a French page by their official French names', async () => {
    const user = userEvent.setup();
    const programme = programmeIn('fr-CA');
    const { form } = renderWithForm(<ChoiceField field={configuredField('select', 'personalInfo.provinceCode', programme)} />, { programme });
    const input = screen.getByRole('combobox', { name: 'Province' });

    await user.click(input);
    const list = screen.getByRole('listbox');
    expect(within(list).getByRole('option', { name: 'Colombie-Britannique' })).toBeInTheDocument();
    await user.keyboard('{Control>}a{/Control}ile du prince{Enter}');
    expect(form.getValues('personalInfo.provinceCode')).toBe('PE');
    expect(input).toHaveValue('Île-du-Prince-Édouard');
  });
});
