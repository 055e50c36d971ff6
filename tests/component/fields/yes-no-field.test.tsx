import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApplicationValues } from '../../../src/application/values/application-values';
import { YesNoField } from '../../../src/fields/yes-no-field';
import { completeValues } from '../../fixtures/default-programme';
import { configuredField, renderWithForm, stepOf } from '../support/render-with-form';

const PATH = 'fields.single.workedWithOtherCompanies';
const QUESTION = 'Have you worked with other window-treatment companies?';
const FOLLOW_UP = 'Which companies, and when?';
const config = configuredField('yesNo', PATH);

/** A complete application but for this question, left unanswered, so Continue judges only it. */
function unansweredValues(): ApplicationValues {
  const values = completeValues();
  values.fields.single.workedWithOtherCompanies = { value: null, explanation: '' };
  return values;
}

function renderQuestion() {
  const harness = renderWithForm(
    <>
      <YesNoField field={config} />
      <button type="button">Next</button>
    </>,
    { initialValues: unansweredValues() },
  );
  const group = screen.getByRole('group', { name: QUESTION });
  return {
    ...harness,
    group,
    yes: within(group).getByRole('radio', { name: 'Yes' }),
    no: within(group).getByRole('radio', { name: 'No' }),
    answer: () => harness.form.getValues(`${PATH}.value`),
    explanation: () => harness.form.getValues(`${PATH}.explanation`),
  };
}

describe('YesNoField', () => {
  it('is a group of two radios named by the question, neither chosen at first', () => {
    const { group, yes, no } = renderQuestion();
    expect(within(group).getAllByRole('radio')).toEqual([yes, no]);
    expect(yes).not.toBeChecked();
    expect(no).not.toBeChecked();
    expect(yes).toHaveAttribute('name', no.getAttribute('name'));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('is used by keyboard like native radios: Tab in, arrows choose, Tab on to the follow-up', async () => {
    const user = userEvent.setup();
    const { yes, no, answer, explanation } = renderQuestion();

    await user.tab();
    expect(yes).toHaveFocus();
    expect(answer()).toBeNull();

    await user.keyboard('{ArrowDown}');
    expect(no).toHaveFocus();
    expect(no).toBeChecked();
    expect(answer()).toBe(false);
    expect(screen.queryByRole('textbox', { name: FOLLOW_UP })).toBeNull();

    await user.keyboard('{ArrowUp}');
    expect(yes).toHaveFocus();
    expect(yes).toBeChecked();
    expect(answer()).toBe(true);

    // The group is one tab stop: the next Tab reaches the revealed follow-up.
    await user.tab();
    const followUp = screen.getByRole('textbox', { name: FOLLOW_UP });
    expect(followUp).toHaveFocus();
    await user.keyboard('Sunblind Ltd, 2022');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(answer()).toBe(true);
    expect(explanation()).toBe('Sunblind Ltd, 2022');
  });

  it('after Continue, asks for an answer when none is given', async () => {
    const { group, validateStep } = renderQuestion();
    expect(await validateStep(stepOf(PATH))).toBe(false);
    expect(within(group).getByText('Select an option')).toHaveClass('field-error');
    expect(group).toHaveAccessibleDescription('Select an option');
  });

  it('requires the follow-up only after the revealing answer', async () => {
    const user = userEvent.setup();
    const { validateStep } = renderQuestion();
    const step = stepOf(PATH);

    await user.tab();
    await user.keyboard(' ');
    const followUp = screen.getByRole('textbox', { name: FOLLOW_UP });
    expect(followUp).toHaveAttribute('aria-required', 'true');
    expect(followUp).not.toHaveAttribute('aria-invalid');

    expect(await validateStep(step)).toBe(false);
    expect(followUp).toHaveAttribute('aria-invalid', 'true');
    expect(followUp).toHaveAccessibleDescription('Please tell us a little more');

    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('textbox', { name: FOLLOW_UP })).toBeNull();
    expect(await validateStep(step)).toBe(true);
  });

  it('passes with the follow-up filled in', async () => {
    const user = userEvent.setup();
    const { validateStep } = renderQuestion();
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard('Sunblind Ltd');
    // No blur and no wait: Continue takes the held keystrokes itself.
    expect(await validateStep(stepOf(PATH))).toBe(true);
  });

  it('hides the follow-up again on the other answer, leaving nothing shown invalid', async () => {
    const user = userEvent.setup();
    const { validateStep, container } = renderQuestion();
    await user.tab();
    await user.keyboard(' ');
    expect(await validateStep(stepOf(PATH))).toBe(false);
    expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);

    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('textbox', { name: FOLLOW_UP })).toBeNull();
    expect(container.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(container.querySelector('.field-error')).toBeNull();

    // Revealed again, the follow-up starts fresh: untouched, so not shown invalid.
    await user.keyboard('{ArrowUp}');
    const followUp = screen.getByRole('textbox', { name: FOLLOW_UP });
    expect(followUp).not.toHaveAttribute('aria-invalid');
    expect(container.querySelector('.field-error')).toBeNull();
  });
});
