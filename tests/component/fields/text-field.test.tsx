import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TextField } from '../../../src/fields/text-field';
import { defaultProgramme } from '../../fixtures/default-programme';
import { renderWithForm, stepOf } from '../support/render-with-form';

const FIRST_NAME = 'personalInfo.firstName';

function renderFirstName(props: { hint?: string } = {}) {
  return renderWithForm(
    <>
      <TextField name={FIRST_NAME} label="Full Name" autoComplete="given-name" required {...props} />
      <button type="button">Next</button>
    </>,
  );
}

describe('TextField', () => {
  describe('typing', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /**
     * Records, on the fake clock, when each keystroke reached the box and when the form's value
     * changed. The clock also follows real time, so a test compares these instants rather than
     * assuming how long a step took on a busy machine.
     */
    function recordTimes(box: HTMLElement, form: ReturnType<typeof renderFirstName>['form']) {
      const keystrokes: number[] = [];
      const changes: Array<{ value: string | undefined; at: number }> = [];
      box.addEventListener('input', () => {
        keystrokes.push(Date.now());
      });
      const subscription = form.watch((values, { name }) => {
        if (name === FIRST_NAME) changes.push({ value: values.personalInfo?.firstName, at: Date.now() });
      });
      return {
        keystrokes,
        changes,
        stop: () => {
          subscription.unsubscribe();
        },
      };
    }

    it('shows each keystroke at once but hands the text to the form only 500 ms after the last one', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { form } = renderFirstName();
      const box = screen.getByRole('textbox', { name: 'Full Name' });
      const { keystrokes, changes, stop } = recordTimes(box, form);

      await user.tab();
      // Seven keystrokes 100 ms apart: 600 ms from first to last, each one starting the wait again.
      for (const [index, letter] of ['A', 'd', 'a', 'l', 'i', 'n', 'e'].entries()) {
        if (index > 0) {
          act(() => {
            vi.advanceTimersByTime(100);
          });
        }
        await user.keyboard(letter);
        expect(box).toHaveValue('Adaline'.slice(0, index + 1));
      }
      expect(changes).toEqual([]);
      expect(form.getValues(FIRST_NAME)).toBe('');

      act(() => {
        vi.advanceTimersByTime(600);
      });
      expect(form.getValues(FIRST_NAME)).toBe('Adaline');
      expect(changes).toEqual([{ value: 'Adaline', at: keystrokes.at(-1)! + 500 }]);
      expect(box).toHaveFocus();
      stop();
    });

    it('delivers the text at once when the box is left', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { form } = renderFirstName();
      const box = screen.getByRole('textbox', { name: 'Full Name' });
      const { keystrokes, changes, stop } = recordTimes(box, form);

      await user.tab();
      await user.keyboard('Grace');
      await user.tab();

      expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
      expect(form.getValues(FIRST_NAME)).toBe('Grace');
      expect(changes).toHaveLength(1);
      expect(changes[0]!.at - keystrokes.at(-1)!).toBeLessThan(500);
      stop();
    });

    it('delivers the text at once when pending inputs are flushed (Continue, saving the page)', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { form, flushAll } = renderFirstName();
      const box = screen.getByRole('textbox', { name: 'Full Name' });
      const { keystrokes, changes, stop } = recordTimes(box, form);

      await user.tab();
      await user.keyboard('Grace');
      flushAll();

      expect(form.getValues(FIRST_NAME)).toBe('Grace');
      expect(changes).toHaveLength(1);
      expect(changes[0]!.at - keystrokes.at(-1)!).toBeLessThan(500);
      expect(box).toHaveFocus();
      stop();
    });
  });

  it('shows a value set from outside the box, by setValue or by reset, even after typing in it', async () => {
    const user = userEvent.setup();
    const { form } = renderFirstName();
    const box = screen.getByRole('textbox', { name: 'Full Name' });
    // Typed in first: a box the user has edited no longer follows its default value by itself.
    await user.tab();
    await user.keyboard('Ada');
    await user.tab();
    expect(form.getValues(FIRST_NAME)).toBe('Ada');

    act(() => {
      form.setValue(FIRST_NAME, 'Grace');
    });
    expect(box).toHaveValue('Grace');

    act(() => {
      form.reset({ ...defaultProgramme.emptyValues, personalInfo: { ...defaultProgramme.emptyValues.personalInfo, firstName: 'Lin' } });
    });
    expect(box).toHaveValue('Lin');

    // Typing then carries on from the new text.
    await user.tab({ shift: true });
    await user.keyboard('{End}da');
    await user.tab();
    expect(form.getValues(FIRST_NAME)).toBe('Linda');
  });

  it('leaves out, as they are typed or pasted, NUL, lone surrogates and non-characters, which no store keeps', async () => {
    const user = userEvent.setup();
    const { form } = renderFirstName();
    const box = screen.getByRole('textbox', { name: 'Full Name' });
    await user.tab();
    await user.paste('Ada\u0000X\ud800\ufdd0\u{10ffff}');
    // Gone from the box at once, the caret after what was pasted, so typing goes on from there.
    expect(box).toHaveValue('AdaX');
    await user.keyboard(' L\ufffe');
    // A pair of surrogates is one character, and kept (user-event would type its halves one by one).
    await user.paste('😀');
    await user.tab();
    expect(box).toHaveValue('AdaX L😀');
    expect(form.getValues(FIRST_NAME)).toBe('AdaX L😀');

    // Pasted in the middle, the caret stays after the kept text.
    await user.tab({ shift: true });
    (box as HTMLInputElement).setSelectionRange(3, 3);
    await user.paste('\u0000a');
    await user.keyboard('!');
    await user.tab();
    expect(form.getValues(FIRST_NAME)).toBe('Adaa!X L😀');
  });

  it('is named by its label alone, with the hint as its description', () => {
    renderFirstName({ hint: 'As on your ID.' });
    const box = screen.getByRole('textbox', { name: 'Full Name' });
    expect(box).toHaveAccessibleName('Full Name');
    expect(box).toHaveAccessibleDescription('As on your ID.');
    expect(box).toHaveAttribute('aria-required', 'true');
    expect(box).toHaveAttribute('autocomplete', 'given-name');
  });

  it('after Continue, marks an empty required box invalid and describes it by hint and message', async () => {
    const { validateStep } = renderFirstName({ hint: 'As on your ID.' });
    const box = screen.getByRole('textbox', { name: 'Full Name' });
    expect(box).not.toHaveAttribute('aria-invalid');

    expect(await validateStep(stepOf(FIRST_NAME))).toBe(false);

    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('As on your ID. This field is required');
    expect(screen.getByText('This field is required')).toHaveClass('field-error');
  });

  it('follows each change once touched: fixing the text clears the message', async () => {
    const user = userEvent.setup();
    const { validateStep } = renderFirstName();
    await validateStep(stepOf(FIRST_NAME));
    const box = screen.getByRole('textbox', { name: 'Full Name' });
    expect(box).toHaveAccessibleDescription('This field is required');

    await user.tab();
    await user.keyboard('   ');
    await user.tab();
    expect(box).toHaveAccessibleDescription('This field cannot be only spaces');

    await user.tab({ shift: true });
    await user.keyboard('{Control>}a{/Control}Ada');
    await user.tab();
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(box).not.toHaveAccessibleDescription();
  });

  it('while it shows an error, delivers each keystroke at once, so the message goes as the fix is typed, not when the box is left', async () => {
    const user = userEvent.setup();
    const { form, validateStep } = renderFirstName();
    await validateStep(stepOf(FIRST_NAME));
    const box = screen.getByRole('textbox', { name: 'Full Name' });
    expect(box).toHaveAccessibleDescription('This field is required');

    await user.click(box);
    await user.keyboard('A');
    // No blur, no 500 ms wait: the form has the letter and the message is gone.
    expect(form.getValues(FIRST_NAME)).toBe('A');
    expect(box).toHaveFocus();
    await waitFor(() => {
      expect(box).not.toHaveAccessibleDescription();
    });
  });

  it('is not shown invalid before it is touched, only once it is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { form } = renderFirstName();
      const box = screen.getByRole('textbox', { name: 'Full Name' });

      await user.tab();
      await user.keyboard('Ada');
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(form.getValues(FIRST_NAME)).toBe('Ada');
      await user.keyboard('{Backspace}{Backspace}{Backspace}');
      act(() => {
        vi.advanceTimersByTime(500);
      });
      // The emptied text reached the form, yet the box has not been left: no error yet.
      expect(form.getValues(FIRST_NAME)).toBe('');
      expect(form.getFieldState(FIRST_NAME).isTouched).toBe(false);
      expect(box).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText('This field is required')).toBeNull();

      await user.tab();
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription('This field is required');
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders a multiline field as a text area, named the same way', async () => {
    const user = userEvent.setup();
    const { form } = renderWithForm(<TextField name="fields.single.children.explanation" label="How old are they?" multiline />);
    const area = screen.getByRole('textbox', { name: 'How old are they?' });
    expect(area.tagName).toBe('TEXTAREA');

    await user.tab();
    await user.keyboard('Four{Enter}and seven');
    await user.tab();
    expect(form.getValues('fields.single.children.explanation')).toBe('Four\nand seven');
  });
});
