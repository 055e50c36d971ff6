import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COUNTRY_PATH, PHONE_CODE_PATH, PHONE_NUMBER_PATH } from '../../../src/application/values/field-paths';
import { PhoneField } from '../../../src/fields/phone-field';
import { tabTo } from '../support/keyboard';
import { configuredField, renderWithForm } from '../support/render-with-form';

const config = configuredField('phone');
const BASIC_INFO = 1;

function renderPhone() {
  const harness = renderWithForm(
    <>
      <PhoneField field={config} />
      <button type="button">Next</button>
    </>,
  );
  return {
    ...harness,
    code: screen.getByRole('combobox', { name: 'Country code' }),
    number: screen.getByRole('textbox', { name: 'Phone number' }),
  };
}

// Generous: these run in well under a second each, but on a busy shared machine a list of options in
// jsdom can take seconds, and a test cut off by its timeout keeps typing into the next one.
describe('PhoneField', { timeout: 20_000 }, () => {
  it('is a group named by its label, with the code showing "US +1" at first, whole', () => {
    const { code, number, form } = renderPhone();
    const group = screen.getByRole('group', { name: 'Phone' });
    expect(within(group).getAllByRole('combobox')).toEqual([code]);
    expect(code).toHaveValue('US +1');
    expect(number).toHaveValue('');
    expect(number).toHaveAttribute('type', 'tel');
    expect(form.getValues(PHONE_CODE_PATH)).toBe('1');
    expect(form.getValues(COUNTRY_PATH)).toBe('US');
  });

  it('is described by its hint, when it has one', () => {
    renderWithForm(<PhoneField field={{ ...config, hint: 'We call only about your application.' }} />);
    expect(screen.getByRole('group', { name: 'Phone' })).toHaveAccessibleDescription('We call only about your application.');
  });

  it('chooses another code by keyboard, storing the plain code and the country it belongs to', async () => {
    const user = userEvent.setup();
    const { code, number, form } = renderPhone();

    await user.tab();
    expect(code).toHaveFocus();
    await user.keyboard('kingdom');
    // The flag is decorative: the option is named by its text alone.
    expect(screen.getAllByRole('option')).toEqual([screen.getByRole('option', { name: 'United Kingdom (+44)' })]);
    await user.keyboard('{Enter}');

    expect(code).toHaveValue('GB +44');
    expect(form.getValues(PHONE_CODE_PATH)).toBe('44');
    expect(form.getValues(COUNTRY_PATH)).toBe('GB');

    await user.tab();
    expect(number).toHaveFocus();
  });

  it('keeps showing Canada when Canada is chosen, though it shares +1 with the United States', async () => {
    const user = userEvent.setup();
    const { code, form } = renderPhone();
    await user.tab();
    // Pasted (Ctrl+V) rather than typed: each letter would re-filter some 240 codes in jsdom.
    await user.paste('Canada');
    await user.keyboard('{Enter}');

    expect(form.getValues(PHONE_CODE_PATH)).toBe('1');
    expect(form.getValues(COUNTRY_PATH)).toBe('CA');
    expect(code).toHaveValue('CA +1');
  });

  it('says "Enter digits only" for a number with letters, once the box is left', async () => {
    const user = userEvent.setup();
    const { number, form } = renderPhone();
    // Back from the end of the page, so as not to open the long list of codes on the way.
    await tabTo(user, number, { shift: true });
    await user.keyboard('555 CALL');
    expect(number).not.toHaveAttribute('aria-invalid');
    await user.tab();

    expect(form.getValues(PHONE_NUMBER_PATH)).toBe('555 CALL');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Enter digits only');

    await user.tab({ shift: true });
    expect(number).toHaveFocus();
    await user.keyboard('{Control>}a{/Control}5551234567');
    await user.tab();
    expect(number).not.toHaveAttribute('aria-invalid');
    expect(number).not.toHaveAccessibleDescription();
  });

  it('after Continue, asks for the number when it is empty', async () => {
    const { number, code, validateStep } = renderPhone();
    expect(await validateStep(BASIC_INFO)).toBe(false);
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Enter your phone number');
    expect(code).not.toHaveAttribute('aria-invalid');
  });
});
