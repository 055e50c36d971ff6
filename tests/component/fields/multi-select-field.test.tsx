import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MultiSelectField } from '../../../src/fields/multi-select-field';
import type { MultiSelectFieldProps } from '../../../src/fields/multi-select-field';
import type { SelectOption } from '../../../src/fields/select-option';
import { FormWords } from '../../../src/app/form-words';

const niches: readonly SelectOption[] = [
  { name: 'Home décor', value: 'decor' },
  { name: 'DIY', value: 'diy' },
  { name: 'Family', value: 'family' },
  { name: 'Lifestyle', value: 'lifestyle' },
  { name: 'Real estate', value: 'real-estate' },
];

type HarnessProps = Partial<MultiSelectFieldProps> & { initial?: readonly string[] };

/** Holds the values like the form will, and reports every change. */
function Harness({ initial = [], onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState<readonly string[]>(initial);
  return (
    <MultiSelectField
      id="niche"
      label="Niche"
      options={niches}
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function chipNames(): string[] {
  const list = document.querySelector('.chips');
  if (!(list instanceof HTMLElement)) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('MultiSelectField', () => {
  it('names the combobox exactly by its visible label and marks the list multi-selectable', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Niche' });
    expect(input).toHaveAttribute('placeholder', 'Select Option');

    await user.click(input);
    expect(input).toHaveAttribute('placeholder', 'Search...');
    expect(screen.getByRole('listbox', { name: 'Niche' })).toHaveAttribute('aria-multiselectable', 'true');
  });

  it('picks several values by keyboard, keeping the list open', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Niche' });

    await user.type(input, 'fam');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['family']);
    expect(input).toHaveAttribute('aria-expanded', 'true');

    // With the search cleared, the highlight stays on Family; DIY sits just above it.
    await user.clear(input);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['family', 'diy']);
    expect(screen.getByRole('option', { name: 'DIY' })).toHaveAttribute('aria-selected', 'true');
    expect(chipNames()).toEqual(['Family', 'DIY']);

    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('picks and unpicks by mouse', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: FormWords });
    await user.click(screen.getByRole('combobox', { name: 'Niche' }));
    await user.click(screen.getByRole('option', { name: 'Lifestyle' }));
    await user.click(screen.getByRole('option', { name: 'Home décor' }));
    expect(onChange).toHaveBeenLastCalledWith(['lifestyle', 'decor']);

    await user.click(screen.getByRole('option', { name: 'Lifestyle' }));
    expect(onChange).toHaveBeenLastCalledWith(['decor']);
  });

  it('says "No results found" when the search matches nothing', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: FormWords });
    await user.type(screen.getByRole('combobox', { name: 'Niche' }), 'cars');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No results found')).toBeInTheDocument();
  });

  it('ignores picks beyond the maximum and says so politely', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness max={2} onChange={onChange} />, { wrapper: FormWords });
    await user.click(screen.getByRole('combobox', { name: 'Niche' }));
    await user.click(screen.getByRole('option', { name: 'DIY' }));
    await user.click(screen.getByRole('option', { name: 'Family' }));
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('You can choose up to 2')).toBeNull();

    await user.click(screen.getByRole('option', { name: 'Lifestyle' }));
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('option', { name: 'Lifestyle' })).toHaveAttribute('aria-selected', 'false');
    expect(chipNames()).toEqual(['DIY', 'Family']);
    const notice = screen.getByText('You can choose up to 2');
    expect(notice).toHaveAttribute('role', 'status');

    // Unpicking still works at the maximum, and makes room again.
    await user.click(screen.getByRole('option', { name: 'DIY' }));
    expect(onChange).toHaveBeenLastCalledWith(['family']);
    expect(screen.queryByText('You can choose up to 2')).toBeNull();
  });

  it('ignores a keyboard pick beyond the maximum too', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness max={1} initial={['diy']} onChange={onChange} />, { wrapper: FormWords });
    await user.type(screen.getByRole('combobox', { name: 'Niche' }), 'life');
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('You can choose up to 1')).toBeInTheDocument();
  });

  it('removes a chip by keyboard with its Remove button, keeping focus nearby', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={['decor', 'diy', 'family']} onChange={onChange} />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Niche' });
    expect(input).toHaveAttribute('placeholder', 'Search...');

    await user.click(input);
    await user.keyboard('{Escape}');
    await user.tab();
    await user.tab();
    const removeDiy = screen.getByRole('button', { name: 'Remove DIY' });
    expect(removeDiy).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(onChange).toHaveBeenLastCalledWith(['decor', 'family']);
    expect(chipNames()).toEqual(['Home décor', 'Family']);
    expect(screen.getByRole('button', { name: 'Remove Family' })).toHaveFocus();
    expect(screen.getByText('DIY removed')).toBeInTheDocument();

    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(['decor']);
    expect(screen.getByRole('button', { name: 'Remove Home décor' })).toHaveFocus();
  });

  it('removes the last chip with Backspace in the empty search box', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={['decor', 'diy']} onChange={onChange} />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Niche' });
    await user.type(input, 'x{Backspace}');
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(['decor']);
    expect(chipNames()).toEqual(['Home décor']);
  });

  it('shows the error, marks the control invalid and links the message', () => {
    render(<Harness error="Choose at least one niche" />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Niche' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Choose at least one niche');
    const message = document.getElementById('niche-error');
    expect(message?.tagName).toBe('P');
    expect(message).toHaveClass('field-error');
    expect(input.getAttribute('aria-describedby')).toBe('niche-error');
  });
});
