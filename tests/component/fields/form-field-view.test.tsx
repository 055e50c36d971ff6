import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApplicationValues } from '../../../src/application/values/application-values';
import type { FieldConfig } from '../../../src/application/rules/form-config-schema';
import { FormFieldView } from '../../../src/fields/form-field-view';
import { completeValues, defaultProgramme } from '../../fixtures/default-programme';
import { configuredField, programmeWith, renderWithForm, stepOf } from '../support/render-with-form';

function renderFields(fields: readonly FieldConfig[], options: Parameters<typeof renderWithForm>[1] = {}) {
  return renderWithForm(
    <>
      {fields.map((field) => (
        <FormFieldView key={'path' in field ? field.path : field.kind} field={field} />
      ))}
    </>,
    options,
  );
}

const BASIC_INFO = 1;
const WEBSITE = 'fields.single.website';

/** A complete application whose website question is unanswered and whose website fields are empty. */
function websiteUnanswered(): ApplicationValues {
  const values = completeValues();
  values.fields.single.website = { value: null, explanation: '' };
  values.platforms = { instagram: { handle: 'ada.at.home', followers: '12000' } };
  return values;
}

// Generous: these run in well under a second each, but on a busy shared machine a list of options in
// jsdom can take seconds, and a test cut off by its timeout keeps typing into the next one.
describe('FormFieldView', { timeout: 20_000 }, () => {
  it('renders every Basic Info field with the widget of its kind, named by its label', () => {
    renderFields(defaultProgramme.fieldsByStep[BASIC_INFO]!);
    const textboxes = ['Full Name', 'Last Name', 'Email Address', 'Phone number', 'Address', 'Address line 2 (optional)', 'City', 'ZIP', 'State', 'Brand Name'];
    expect(
      screen
        .getAllByRole('textbox')
        .filter((box) => !box.closest('.platform-card'))
        .map((box) => box.getAttribute('id'))
        .map((id) => document.querySelector(`label[for="${id!}"]`)?.textContent),
    ).toEqual(textboxes);
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Brand Name' })).toHaveAccessibleDescription('The name you publish under.');
    expect(screen.getAllByRole('combobox', { name: /Country/ }).map((box) => box.getAttribute('id'))).toEqual([
      'field-personalInfo-phone-countryCode',
      'field-personalInfo-countryCode',
    ]);
    expect(screen.getByRole('group', { name: 'Phone' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Your platforms' })).toBeInTheDocument();
    const website = screen.getByRole('group', { name: 'Do you have a blog or website?' });
    expect(
      within(website)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['Yes', 'No']);
  });

  it('marks as required exactly the text boxes whose rules require them', () => {
    renderFields(defaultProgramme.fieldsByStep[BASIC_INFO]!);
    const required = (name: string) => screen.getByRole('textbox', { name }).getAttribute('aria-required');
    for (const name of ['Full Name', 'Last Name', 'Email Address', 'Address', 'City', 'ZIP', 'Brand Name']) expect(required(name), name).toBe('true');
    for (const name of ['Address line 2 (optional)', 'State']) expect(required(name), name).toBeNull();
  });

  it('renders the Details step: selects, a text box with its hint and the yes/no panels', () => {
    renderFields(defaultProgramme.fieldsByStep[2]!);
    expect(screen.getAllByRole('combobox').map((box) => box.getAttribute('id'))).toEqual([
      'field-fields-single-pronouns',
      'field-fields-single-windowTreatments',
      'field-fields-single-roomPhotos',
      'field-fields-single-niche',
      'field-fields-single-timeframe',
      'field-fields-single-usedBefore',
    ]);
    expect(screen.getByRole('combobox', { name: 'Pronouns' })).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('combobox', { name: 'What is your content niche?' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: 'Link to your media kit' })).toHaveAccessibleDescription(
      'Paste a link, or write “none” if you do not have one yet.',
    );
    expect(screen.getAllByRole('radio')).toHaveLength(8);
  });

  it('renders a multiline text field as a text area', () => {
    renderFields([{ kind: 'text', path: 'fields.single.mediaKit', label: 'Tell us about your audience', multiline: true }]);
    expect(screen.getByRole('textbox', { name: 'Tell us about your audience' }).tagName).toBe('TEXTAREA');
  });

  it('renders a checkbox field as a box named by its label', async () => {
    const user = userEvent.setup();
    const programme = programmeWith((config) => {
      config.steps[2]!.blocks.push({
        component: 'FormSection',
        data: { fields: [{ kind: 'checkbox', path: 'agreement', label: 'I agree to the programme terms' }] },
      });
    });
    const { form } = renderFields([configuredField('checkbox', 'agreement', programme)], { programme });
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'I agree to the programme terms' })).toBeChecked();
    expect(form.getValues('agreement')).toBe(true);
  });

  it("shows a yes/no question's configured follow-ups only after the revealing answer, and checks them then", async () => {
    const user = userEvent.setup();
    const { validateStep } = renderFields([configuredField('yesNo', WEBSITE)], { initialValues: websiteUnanswered() });
    expect(screen.queryByRole('textbox')).toBeNull();

    await user.tab();
    await user.keyboard(' ');
    const url = screen.getByRole('textbox', { name: 'Website URL' });
    const traffic = screen.getByRole('textbox', { name: 'Monthly traffic' });
    expect(traffic).toHaveAccessibleDescription('Visitors a month, as a number.');
    await user.tab();
    expect(url).toHaveFocus();
    await user.keyboard('my blog');
    await user.tab();
    await user.keyboard('3k');

    expect(await validateStep(stepOf(WEBSITE))).toBe(false);
    expect(url).toHaveAccessibleDescription('Enter your website URL');
    expect(traffic).toHaveAccessibleDescription('Visitors a month, as a number. Enter a valid number');

    await user.keyboard('{Backspace}');
    await user.tab({ shift: true });
    await user.keyboard('{Control>}a{/Control}ada.example.com');
    expect(await validateStep(stepOf(WEBSITE))).toBe(true);
    expect(screen.queryByText('Enter your website URL')).toBeNull();

    // Answering No hides them, and they are no longer checked.
    await tabToRadio(user, 'No');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(await validateStep(stepOf(WEBSITE))).toBe(true);
  });

  it('reveals the follow-up on No when so configured, with the configured answer labels', async () => {
    const user = userEvent.setup();
    const petFree: FieldConfig = {
      kind: 'yesNo',
      path: 'fields.single.pets',
      label: 'Is your home pet-free?',
      yesLabel: 'Pet-free',
      noLabel: 'We have pets',
      revealOn: 'no',
      explanationLabel: 'Which pets?',
    };
    // The programme decides what shows (the same rule validation and the body follow), so the field is configured in it.
    const programme = programmeWith((config) => {
      config.steps[2] = { ...config.steps[2]!, blocks: [{ component: 'FormSection', data: { fields: [petFree] } }] };
    });
    renderFields([petFree], { programme });
    const group = screen.getByRole('group', { name: 'Is your home pet-free?' });
    await user.tab();
    expect(within(group).getByRole('radio', { name: 'Pet-free' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.queryByRole('textbox', { name: 'Which pets?' })).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'We have pets' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Which pets?' })).toBeInTheDocument();
  });
});

/** Moves back to the yes/no group by Shift+Tab and picks the answer with the arrow keys. */
async function tabToRadio(user: ReturnType<typeof userEvent.setup>, name: string): Promise<void> {
  for (let presses = 0; presses < 10 && document.activeElement?.getAttribute('type') !== 'radio'; presses += 1) await user.tab({ shift: true });
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('radio', { name })).toBeChecked();
}
