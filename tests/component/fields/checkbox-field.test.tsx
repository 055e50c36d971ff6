import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from '../../../src/fields/checkbox-field';
import { completeValues } from '../../fixtures/default-programme';
import { programmeWith, renderWithForm, stepOf } from '../support/render-with-form';

const LABEL = 'I agree to the programme terms';
const TERMS_HTML = 'Read the <a href="https://hartwellwindow.example/creator-terms">programme terms</a> first.';

/** The default programme with an agreement box at the end of the Details step. */
const programme = programmeWith((config) => {
  config.steps[2]!.blocks.push({
    component: 'FormSection',
    data: { fields: [{ kind: 'checkbox', path: 'agreement', label: LABEL, html: TERMS_HTML }] },
  });
});
const STEP = stepOf('agreement', programme);

function renderAgreement(props: { html?: string; hint?: string } = {}) {
  return renderWithForm(<CheckboxField name="agreement" label={LABEL} {...props} />, {
    programme,
    initialValues: { ...completeValues(), agreement: false },
  });
}

describe('CheckboxField', () => {
  it('is named exactly by its label', () => {
    renderAgreement();
    const box = screen.getByRole('checkbox', { name: LABEL });
    expect(box).toHaveAccessibleName(LABEL);
    expect(box).not.toBeChecked();
    expect(box).not.toHaveAccessibleDescription();
  });

  it('is ticked and unticked with Space, and the form follows', async () => {
    const user = userEvent.setup();
    const { form } = renderAgreement();
    const box = screen.getByRole('checkbox', { name: LABEL });

    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    expect(form.getValues('agreement')).toBe(true);

    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(form.getValues('agreement')).toBe(false);
  });

  it('after Continue, asks for the tick when "agreement" is left unticked', async () => {
    const user = userEvent.setup();
    const { validateStep } = renderAgreement();
    const box = screen.getByRole('checkbox', { name: LABEL });
    expect(box).not.toHaveAttribute('aria-invalid');

    expect(await validateStep(STEP)).toBe(false);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Please tick this box to continue');

    await user.tab();
    await user.keyboard(' ');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please tick this box to continue')).toBeNull();
    expect(await validateStep(STEP)).toBe(true);
  });

  it('shows its sanitized HTML as the description, before any message', async () => {
    const { validateStep } = renderAgreement({ html: `${TERMS_HTML}<script>alert(1)</script>` });
    const box = screen.getByRole('checkbox', { name: LABEL });
    expect(box).toHaveAccessibleDescription('Read the programme terms first.');
    expect(screen.getByRole('link', { name: 'programme terms' })).toHaveAttribute('href', 'https://hartwellwindow.example/creator-terms');
    expect(document.querySelector('script')).toBeNull();

    await validateStep(STEP);
    expect(box).toHaveAccessibleDescription('Read the programme terms first. Please tick this box to continue');
  });

  it('shows a plain hint as the description', () => {
    renderAgreement({ hint: 'You can withdraw at any time.' });
    expect(screen.getByRole('checkbox', { name: LABEL })).toHaveAccessibleDescription('You can withdraw at any time.');
  });
});
