import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from '../../../src/fields/select-field';
import type { SelectFieldProps } from '../../../src/fields/select-field';
import type { SelectOption } from '../../../src/fields/select-option';
import { FormWords } from '../../../src/app/form-words';

const pronouns: readonly SelectOption[] = [
  { name: 'He/him', value: 'he-him' },
  { name: 'She/her', value: 'she-her' },
  { name: 'They/them', value: 'they-them' },
  { name: 'He/they', value: 'he-they' },
  { name: 'Prefer not to say', value: 'none' },
];

type HarnessProps = Partial<SelectFieldProps> & { initial?: string | null };

/** Holds the value like the form will, and reports every change. */
function Harness({ initial = null, onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <SelectField
      id="pronouns"
      label="Pronouns"
      options={pronouns}
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function optionNames(): string[] {
  return screen.getAllByRole('option').map((option) => option.textContent);
}

describe('SelectField', () => {
  it('names the combobox exactly by its visible label', () => {
    render(<Harness />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Pronouns' });
    expect(input).toHaveAttribute('id', 'pronouns');
    expect(screen.getByText('Pronouns', { selector: 'label' })).toHaveAttribute('for', 'pronouns');
  });

  it('shows "Select Option" with nothing chosen and "Search..." while the list is open', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Pronouns' });
    expect(input).toHaveAttribute('placeholder', 'Select Option');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('placeholder', 'Search...');
    expect(screen.getByRole('listbox', { name: 'Pronouns' })).toBeInTheDocument();
  });

  it('lists options named by their text, and typing filters them by name', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: FormWords });
    await user.click(screen.getByRole('combobox', { name: 'Pronouns' }));
    expect(optionNames()).toEqual(pronouns.map((option) => option.name));
    expect(screen.getByRole('option', { name: 'She/her' })).toBeInTheDocument();

    await user.keyboard('THEY');
    expect(optionNames()).toEqual(['They/them', 'He/they']);
  });

  it('says "No results found" when the search matches nothing', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Pronouns' });
    await user.type(input, 'zz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No results found');

    await user.clear(input);
    await user.type(input, 'she');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(optionNames()).toEqual(['She/her']);
  });

  it('picks by keyboard: type to filter, ArrowDown to move, Enter to choose', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Pronouns' });

    await user.type(input, 'they');
    // The first match is highlighted as soon as the list opens, so ArrowDown moves to the second.
    expect(screen.getByRole('option', { name: 'They/them' })).toHaveClass('select__option--active');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'He/they' }).id);
    await user.keyboard('{Enter}');

    expect(onChange).toHaveBeenCalledExactlyOnceWith('he-they');
    expect(input).toHaveValue('He/they');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens with ArrowDown from a focused, closed field and picks with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: FormWords });
    await user.tab();
    const input = screen.getByRole('combobox', { name: 'Pronouns' });
    expect(input).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('she-her');
  });

  it('picks by mouse', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: FormWords });
    await user.click(screen.getByRole('button', { name: 'Pronouns' }));
    await user.click(screen.getByRole('option', { name: 'Prefer not to say' }));

    expect(onChange).toHaveBeenCalledExactlyOnceWith('none');
    expect(screen.getByRole('combobox', { name: 'Pronouns' })).toHaveValue('Prefer not to say');
  });

  it('closes on Escape without changing the value, and restores the chosen name', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="she-her" onChange={onChange} />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Pronouns' });
    expect(input).toHaveValue('She/her');

    await user.click(input);
    await user.keyboard('{Control>}a{/Control}he');
    expect(input).toHaveValue('he');
    await user.keyboard('{Escape}');

    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('She/her');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('marks the chosen option as selected when the list opens', async () => {
    const user = userEvent.setup();
    render(<Harness initial="they-them" />, { wrapper: FormWords });
    await user.click(screen.getByRole('combobox', { name: 'Pronouns' }));
    expect(screen.getByRole('option', { name: 'They/them' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'He/him' })).toHaveAttribute('aria-selected', 'false');
  });

  it('clears the value when the text is deleted', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="she-her" onChange={onChange} />, { wrapper: FormWords });
    await user.clear(screen.getByRole('combobox', { name: 'Pronouns' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows the error, marks the control invalid and links the message', () => {
    render(<Harness error="Choose your pronouns" />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Pronouns' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'pronouns-error');
    expect(input).toHaveAccessibleDescription('Choose your pronouns');
    const message = screen.getByText('Choose your pronouns');
    expect(message.tagName).toBe('P');
    expect(message).toHaveClass('field-error');
    expect(message).toHaveAttribute('id', 'pronouns-error');
  });

  it('is neither invalid nor described without an error', () => {
    render(<Harness error={undefined} required />, { wrapper: FormWords });
    const input = screen.getByRole('combobox', { name: 'Pronouns' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(document.querySelector('.field-error')).toBeNull();
  });

  it('calls onBlur when focus leaves the field, not while it moves inside it', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(
      <>
        <Harness onBlur={onBlur} />
        <button type="button">Next field</button>
      </>,
      { wrapper: FormWords },
    );
    await user.click(screen.getByRole('combobox', { name: 'Pronouns' }));
    await user.click(screen.getByRole('option', { name: 'He/him' }));
    expect(onBlur).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Next field' }));
    expect(onBlur).toHaveBeenCalledOnce();
  });

  it('hands the input to inputRef so the form can focus it', () => {
    const inputRef = createRef<HTMLInputElement>();
    render(<Harness inputRef={inputRef} />, { wrapper: FormWords });
    expect(inputRef.current).toBe(screen.getByRole('combobox', { name: 'Pronouns' }));
  });

  it('renders a leading icon per option yet names and searches options by name', async () => {
    const user = userEvent.setup();
    const codes: readonly SelectOption[] = [
      { name: 'United States +1', value: 'US' },
      { name: 'France +33', value: 'FR' },
      { name: 'Curaçao +599', value: 'CW' },
    ];
    render(<Harness label="Country code" options={codes} renderOption={(option) => <img src={`/flags/${option.value}.svg`} alt="" className="flag" />} />, {
      wrapper: FormWords,
    });
    const input = screen.getByRole('combobox', { name: 'Country code' });
    await user.click(input);
    const listbox = screen.getByRole('listbox');
    expect(listbox.querySelectorAll('img.flag')).toHaveLength(3);
    expect(within(listbox).getByRole('option', { name: 'France +33' })).toBeInTheDocument();

    await user.keyboard('curacao');
    expect(optionNames()).toEqual(['Curaçao +599']);
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Curaçao +599');
    expect(document.querySelector('.select__lead img')).toHaveAttribute('src', '/flags/CW.svg');
  });
});
