import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { flattenApplication } from '../../../src/application/body/flatten-application';
import type { FieldConfig } from '../../../src/application/rules/form-config-schema';
import { FormFieldView } from '../../../src/fields/form-field-view';
import { programmeWith, renderWithForm } from '../support/render-with-form';

const STEP = 2;
const WHEN_OPEN = { path: 'fields.single.collab', equals: 'yes' };

/** A Details step whose every widget kind but the first shows only after "Yes" to the first. */
const fields: FieldConfig[] = [
  {
    kind: 'select',
    path: 'fields.single.collab',
    label: 'Open to paid collaborations?',
    options: [
      { name: 'Yes', value: 'yes' },
      { name: 'No', value: 'no' },
    ],
  },
  { kind: 'text', path: 'fields.single.rate', label: 'Your usual rate', showOnCondition: WHEN_OPEN },
  {
    kind: 'select',
    path: 'fields.single.rateUnit',
    label: 'Rate per',
    options: [
      { name: 'Post', value: 'post' },
      { name: 'Video', value: 'video' },
    ],
    showOnCondition: WHEN_OPEN,
  },
  { kind: 'checkbox', path: 'agreement', label: 'I accept the collaboration terms', showOnCondition: WHEN_OPEN },
  { kind: 'yesNo', path: 'fields.single.agency', label: 'Do you work through an agency?', showOnCondition: WHEN_OPEN },
];

const programme = programmeWith((config) => {
  const step = config.steps[STEP];
  if (!step) throw new Error('The default programme has no Details step.');
  step.blocks = [{ component: 'FormSection', data: { title: 'Collaborations', fields } }];
});

async function pick(user: UserEvent, label: string, option: string): Promise<void> {
  await user.click(screen.getByRole('button', { name: label }));
  await user.click(screen.getByRole('option', { name: option }));
}

function dependents() {
  return [
    screen.queryByRole('textbox', { name: 'Your usual rate' }),
    screen.queryByRole('combobox', { name: 'Rate per' }),
    screen.queryByRole('checkbox', { name: 'I accept the collaboration terms' }),
    screen.queryByRole('group', { name: 'Do you work through an agency?' }),
  ];
}

describe('showOnCondition', { timeout: 20_000 }, () => {
  it('hides a field of every kind until its condition holds, then shows, checks and sends it; hidden again, it is neither checked nor sent', async () => {
    const user = userEvent.setup();
    const { form, validateStep } = renderWithForm(
      <>
        {fields.map((field) => (
          <FormFieldView key={'path' in field ? field.path : field.kind} field={field} />
        ))}
      </>,
      { programme },
    );
    const body = () => flattenApplication(form.getValues(), programme.context.specs);

    expect(dependents()).toEqual([null, null, null, null]);
    expect(await act(() => validateStep(STEP))).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Open to paid collaborations?' })).toHaveAttribute('aria-invalid', 'true');
    expect(form.getFieldState('fields.single.rate').error).toBeUndefined();

    await pick(user, 'Open to paid collaborations?', 'Yes');
    for (const field of dependents()) expect(field).toBeInTheDocument();
    expect(await act(() => validateStep(STEP))).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Your usual rate' })).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('combobox', { name: 'Rate per' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox', { name: 'I accept the collaboration terms' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Do you work through an agency?' })).toHaveAccessibleDescription('Select an option');

    await user.type(screen.getByRole('textbox', { name: 'Your usual rate' }), '$400');
    await pick(user, 'Rate per', 'Video');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the collaboration terms' }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(await act(() => validateStep(STEP))).toBe(true);
    expect(body().fields).toEqual([
      { key: 'collab', value: 'yes' },
      { key: 'rate', value: '$400' },
      { key: 'rateUnit', value: 'video' },
      { key: 'agency.value', value: 'No' },
    ]);

    await pick(user, 'Open to paid collaborations?', 'No');
    expect(dependents()).toEqual([null, null, null, null]);
    expect(await act(() => validateStep(STEP))).toBe(true);
    expect(body().fields).toEqual([{ key: 'collab', value: 'no' }]);
    // Kept in the draft: answering Yes again brings the answers back.
    await pick(user, 'Open to paid collaborations?', 'Yes');
    expect(screen.getByRole('textbox', { name: 'Your usual rate' })).toHaveValue('$400');
  });
});
