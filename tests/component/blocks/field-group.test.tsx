import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FieldGroup } from '../../../src/blocks/field-group';

function Step({ onSubmit }: { onSubmit: () => void }) {
  const [more, setMore] = useState(false);
  return (
    <form
      aria-label="step"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FieldGroup fields={2}>
        <label>
          First <input />
        </label>
        {more ? (
          <label>
            Later <input />
          </label>
        ) : null}
        <button
          type="button"
          onClick={() => {
            setMore(true);
          }}
        >
          More
        </button>
      </FieldGroup>
      <button type="submit">Continue</button>
    </form>
  );
}

describe('FieldGroup', () => {
  it('gives its controls a form owner of their own, outside the step form, and follows controls added later', async () => {
    render(<Step onSubmit={() => undefined} />);
    const first = screen.getByLabelText<HTMLInputElement>('First');
    const step = screen.getByRole('form', { name: 'step' });
    expect(first.form).not.toBeNull();
    expect(first.form).not.toBe(step);
    expect(step.contains(first.form)).toBe(false);
    expect(step.contains(first)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    const later = await screen.findByLabelText<HTMLInputElement>('Later');
    await act(() => Promise.resolve());
    expect(later.form).toBe(first.form);
    expect(screen.getByRole('button', { name: 'Continue' }).closest('form')).toBe(step);
  });

  it('hands a submission of its own form (Enter in a box) on to the step form', () => {
    const onSubmit = vi.fn();
    render(<Step onSubmit={onSubmit} />);
    const owner = screen.getByLabelText<HTMLInputElement>('First').form;
    if (!owner) throw new Error('no form owner');
    fireEvent.submit(owner);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps its form owner out of the app: no element around the boxes is a portal container, which React would listen on too', () => {
    render(<Step onSubmit={() => undefined} />);
    const first = screen.getByLabelText<HTMLInputElement>('First');
    const container = first.form?.parentElement;
    if (!container) throw new Error('no form owner');
    // With <body> as the container, every event from a box went through React's dispatch twice.
    expect(container).not.toBe(document.body);
    expect(container.contains(first)).toBe(false);
    expect(container.hidden).toBe(true);
  });
});
