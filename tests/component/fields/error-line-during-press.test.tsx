import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextField } from '../../../src/fields/text-field';
import { renderWithForm } from '../support/render-with-form';

const FIRST_NAME = 'personalInfo.firstName';
const REQUIRED = 'This field is required';

function renderNameAndButton() {
  return renderWithForm(
    <>
      <TextField name={FIRST_NAME} label="Full Name" autoComplete="given-name" required />
      <button type="button">Yes</button>
    </>,
  );
}

/** The line under the box, if drawn. */
function errorLine(): HTMLElement | null {
  return document.getElementById(`${document.querySelector('input')?.id ?? ''}-error`);
}

describe('an error line and a press below it', () => {
  it('appears only once the press that left the field has ended, then is announced as before', async () => {
    renderNameAndButton();
    const box = screen.getByRole('textbox', { name: 'Full Name' });
    const yes = screen.getByRole('button', { name: 'Yes' });
    box.focus();
    // The pointer goes down on the button below: that is what leaves the box and checks it.
    fireEvent.pointerDown(yes, { pointerId: 1, button: 0 });
    act(() => {
      box.blur();
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(errorLine()).toBeNull();

    fireEvent.pointerUp(yes, { pointerId: 1, button: 0 });
    fireEvent.click(yes);
    await waitFor(() => {
      expect(errorLine()).toHaveTextContent(REQUIRED);
    });
    expect(box).toHaveAccessibleDescription(REQUIRED);
  });

  it('stays in its room while a press is under way and goes once it has ended', async () => {
    const user = userEvent.setup();
    renderNameAndButton();
    const box = screen.getByRole('textbox', { name: 'Full Name' });
    const yes = screen.getByRole('button', { name: 'Yes' });
    await user.click(box);
    await user.tab();
    await waitFor(() => {
      expect(errorLine()).toHaveTextContent(REQUIRED);
    });
    // Text the box holds but has not yet handed to the form (as an autofill leaves it): leaving
    // the box hands it over, and the check that follows clears the error.
    await user.click(box);
    (box as HTMLInputElement).value = 'Ada';
    fireEvent.pointerDown(yes, { pointerId: 1, button: 0 });
    act(() => {
      box.blur();
    });
    await waitFor(() => {
      expect(box).not.toHaveAttribute('aria-invalid');
    });
    expect(errorLine()).toHaveTextContent(REQUIRED);

    // A press that makes no click (the pointer came up elsewhere) ends all the same.
    fireEvent.pointerUp(document.body, { pointerId: 1, button: 0 });
    await waitFor(() => {
      expect(errorLine()).toBeNull();
    });
  });

  it('waits for nothing when the field is left with the keyboard', async () => {
    const user = userEvent.setup();
    renderNameAndButton();
    await user.click(screen.getByRole('textbox', { name: 'Full Name' }));
    await user.tab();
    await waitFor(() => {
      expect(errorLine()).toHaveTextContent(REQUIRED);
    });
  });
});
