import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApplicationValues } from '../../../src/application/values/application-values';
import { ChoiceField } from '../../../src/fields/choice-field';
import { completeValues } from '../../fixtures/default-programme';
import { configuredField, programmeWith, renderWithForm, stepOf } from '../support/render-with-form';

const TREATMENTS = 'fields.single.windowTreatments';
const ROOMS = 'fields.single.roomPhotos';
const treatments = configuredField('select', TREATMENTS);
const rooms = configuredField('select', ROOMS);
const country = configuredField('select', 'personalInfo.countryCode');

/** A complete application but for the given detail questions, left empty, so Continue judges only them. */
function valuesWithout(...paths: string[]): ApplicationValues {
  const values = completeValues();
  for (const path of paths) values.fields.single[path.replace('fields.single.', '')] = path === TREATMENTS ? [] : '';
  return values;
}

/** Searches the open list and picks the highlighted (first) match with Enter. */
async function pick(user: UserEvent, search: string): Promise<void> {
  await user.keyboard(`{Control>}a{/Control}${search}{Enter}`);
}

function chipNames(): string[] {
  return Array.from(document.querySelectorAll('.chip__text')).map((chip) => chip.textContent);
}

// Generous: these run in well under a second each, but on a busy shared machine a list of options in
// jsdom can take seconds, and a test cut off by its timeout keeps typing into the next one.
describe('ChoiceField', { timeout: 20_000 }, () => {
  // The form is sent as JSON from react-hook-form's values, never by the browser: hidden inputs
  // for a native submit (Headless UI's, when the selects were built on it) would only be drawn.
  it('keeps its value in the form only, with no hidden inputs for a native submit', async () => {
    const user = userEvent.setup();
    const { container, form } = renderWithForm(
      <>
        <ChoiceField field={country} />
        <ChoiceField field={treatments} />
      </>,
    );
    await user.click(screen.getByRole('combobox', { name: country.label }));
    await pick(user, 'Canada');
    await user.click(screen.getByRole('combobox', { name: treatments.label }));
    await pick(user, 'Blinds');
    expect(form.getValues('personalInfo.countryCode')).toBe('CA');
    expect(form.getValues(TREATMENTS)).toHaveLength(1);
    expect(container.querySelectorAll('input[type="hidden"]')).toHaveLength(0);
  });

  it('names a multi-select by its label and describes it by its hint', () => {
    expect(treatments.max).toBe(3);
    renderWithForm(<ChoiceField field={treatments} />);
    const input = screen.getByRole('combobox', { name: 'Which window treatments interest you?' });
    expect(input).toHaveAccessibleDescription('Choose up to three.');
    expect(input).toHaveAttribute('aria-required', 'true');
  });

  it('puts the picks in the form as a list, by keyboard, and ignores a pick beyond the maximum of 3', async () => {
    const user = userEvent.setup();
    const { form } = renderWithForm(<ChoiceField field={treatments} />);

    await user.tab();
    await pick(user, 'bl');
    expect(form.getValues(TREATMENTS)).toEqual(['Blinds']);
    await pick(user, 'sha');
    await pick(user, 'shu');
    expect(form.getValues(TREATMENTS)).toEqual(['Blinds', 'Shades', 'Shutters']);
    expect(screen.queryByText('You can choose up to 3')).toBeNull();

    await pick(user, 'dr');
    expect(form.getValues(TREATMENTS)).toEqual(['Blinds', 'Shades', 'Shutters']);
    expect(chipNames()).toEqual(['Blinds', 'Shades', 'Shutters']);
    expect(screen.getByText('You can choose up to 3')).toHaveAttribute('role', 'status');

    // Unpicking makes room again.
    await pick(user, 'sha');
    await pick(user, 'dr');
    expect(form.getValues(TREATMENTS)).toEqual(['Blinds', 'Shutters', 'Drapery']);
  });

  it('after Continue, asks for a choice and adds the message to the hint in the description', async () => {
    const user = userEvent.setup();
    const { validateStep } = renderWithForm(<ChoiceField field={treatments} />, { initialValues: valuesWithout(TREATMENTS) });
    const input = screen.getByRole('combobox', { name: 'Which window treatments interest you?' });

    expect(await validateStep(stepOf(TREATMENTS))).toBe(false);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Choose up to three. Select an option');

    await user.tab();
    await pick(user, 'bl');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Choose up to three.');
    expect(await validateStep(stepOf(TREATMENTS))).toBe(true);
  });

  it('puts a single pick in the form as its value, not a list', async () => {
    const user = userEvent.setup();
    const { form, validateStep } = renderWithForm(<ChoiceField field={rooms} />, { initialValues: valuesWithout(ROOMS) });
    const input = screen.getByRole('combobox', { name: 'How many rooms would you photograph?' });
    expect(input).toHaveValue('');

    await user.tab();
    await user.keyboard('two{Enter}');
    expect(form.getValues(ROOMS)).toBe('Two or three rooms');
    expect(input).toHaveValue('Two or three rooms');
    expect(await validateStep(stepOf(ROOMS))).toBe(true);
  });

  it('shows a built-in list by name while the form holds its code: the country "US"', () => {
    const { form } = renderWithForm(<ChoiceField field={country} />);
    expect(form.getValues('personalInfo.countryCode')).toBe('US');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
  });

  it('stores the code of a built-in list entry picked by name', async () => {
    const user = userEvent.setup();
    // The State as a select of Canadian provinces: a built-in list short enough to open cheaply in jsdom.
    const programme = programmeWith((config) => {
      const basicInfo = config.steps[1]!.blocks[0]!;
      if (basicInfo.component !== 'FormSection') throw new Error('expected the Basic Information section');
      basicInfo.data.fields = basicInfo.data.fields.map((field) =>
        'path' in field && field.path === 'personalInfo.provinceCode'
          ? { kind: 'select', path: field.path, label: 'Province', options: 'canadianProvinces' }
          : field,
      );
    });
    const { form } = renderWithForm(<ChoiceField field={configuredField('select', 'personalInfo.provinceCode', programme)} />, { programme });
    const input = screen.getByRole('combobox', { name: 'Province' });

    await user.tab();
    await user.keyboard('ont{Enter}');
    expect(form.getValues('personalInfo.provinceCode')).toBe('ON');
    expect(input).toHaveValue('Ontario');
  });

  it('shows a value set from outside: a restored draft', () => {
    const values = completeValues();
    renderWithForm(
      <>
        <ChoiceField field={treatments} />
        <ChoiceField field={rooms} />
      </>,
      { initialValues: values },
    );
    expect(chipNames()).toEqual(['Shades', 'Shutters']);
    expect(screen.getByRole('combobox', { name: 'How many rooms would you photograph?' })).toHaveValue('Two or three rooms');
  });
});
