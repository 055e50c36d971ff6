import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectField } from '../../../src/fields/select-field';
import type { SelectFieldProps } from '../../../src/fields/select-field';
import type { SelectOption } from '../../../src/fields/select-option';
import { FormWords } from '../../../src/app/form-words';

// What the widget does as a combobox (WAI-ARIA APG, editable with list autocomplete) beyond
// what select-field.test.tsx checks: the chevron, Tab, the pointer, composition, and the cost of
// moving the highlight.

const fruits: readonly SelectOption[] = ['Apple', 'Apricot', 'Banana', 'Blueberry', 'Cherry', 'Damson'].map((name) => ({ name, value: name.toLowerCase() }));

function Harness({ initial = null, onChange, ...props }: Partial<SelectFieldProps> & { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <SelectField
        id="fruit"
        label="Fruit"
        options={fruits}
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <button type="button">Next field</button>
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Fruit' });
const option = (name: string) => screen.getByRole('option', { name });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the select as a combobox', () => {
  it('controls its listbox, which is hidden while closed, and names the highlighted option only while open', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: FormWords });
    const listbox = document.getElementById('fruit-listbox');
    expect(box()).toHaveAttribute('aria-controls', 'fruit-listbox');
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');
    expect(listbox).not.toBeVisible();
    expect(box()).not.toHaveAttribute('aria-activedescendant');

    await user.click(box());
    expect(listbox).toBeVisible();
    expect(box()).toHaveAttribute('aria-activedescendant', option('Apple').id);
    await user.keyboard('{Escape}');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
  });

  it('has a chevron named by the label, out of the tab order, that opens and closes the list and leaves the focus in the box', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: FormWords });
    const chevron = screen.getByRole('button', { name: 'Fruit' });
    expect(chevron).toHaveAttribute('tabindex', '-1');
    expect(chevron).toHaveAttribute('aria-haspopup', 'listbox');

    await user.click(chevron);
    expect(box()).toHaveFocus();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(chevron).toHaveAttribute('aria-expanded', 'true');
    await user.click(chevron);
    expect(box()).toHaveFocus();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens again on a press in the box after Escape closed it', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: FormWords });
    await user.click(box());
    await user.keyboard('{Escape}');
    await user.click(box());
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });

  it('picks nothing on a Tab straight through, and the option found on a Tab after a search', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: FormWords });
    await user.tab();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next field' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    expect(box()).toHaveValue('');

    await user.click(box());
    await user.keyboard('ch');
    await user.tab();
    expect(onChange).toHaveBeenCalledExactlyOnceWith('cherry');
    expect(box()).toHaveValue('Cherry');
  });

  it('keeps the focus in the box when an option is pressed, and picks it as the press goes down', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: FormWords });
    await user.click(box());
    // fireEvent returns false when a handler prevented the default: here, moving the focus.
    expect(fireEvent.mouseDown(option('Banana'), { button: 0 })).toBe(false);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('banana');
    expect(box()).toHaveFocus();
  });

  it('highlights the option the pointer moves onto, and none once it leaves the list', async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: FormWords });
    await user.click(box());
    fireEvent.pointerMove(option('Cherry'), { pointerType: 'mouse', screenX: 10, screenY: 40 });
    expect(option('Cherry')).toHaveClass('select__option--active');
    expect(box()).toHaveAttribute('aria-activedescendant', option('Cherry').id);

    fireEvent.pointerLeave(screen.getByRole('listbox'), { pointerType: 'mouse' });
    expect(option('Cherry')).not.toHaveClass('select__option--active');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
  });

  it("keeps the keyboard's highlight when the list moves under a still pointer", async () => {
    const user = userEvent.setup();
    render(<Harness />, { wrapper: FormWords });
    await user.click(box());
    fireEvent.pointerMove(option('Banana'), { pointerType: 'mouse', screenX: 10, screenY: 40 });
    await user.keyboard('{ArrowDown}');
    expect(option('Blueberry')).toHaveClass('select__option--active');
    // The engine's move after the list scrolled: same place on the screen, another option under it.
    fireEvent.pointerMove(option('Apricot'), { pointerType: 'mouse', screenX: 10, screenY: 40 });
    expect(option('Blueberry')).toHaveClass('select__option--active');
    fireEvent.pointerMove(option('Apricot'), { pointerType: 'mouse', screenX: 10, screenY: 44 });
    expect(option('Apricot')).toHaveClass('select__option--active');
  });

  it('brings the highlighted option into view as the arrows move it', async () => {
    const user = userEvent.setup();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    render(<Harness initial="damson" />, { wrapper: FormWords });
    await user.click(box());
    expect(scrolled.mock.contexts.at(-1)).toBe(option('Damson'));
    await user.keyboard('{Home}');
    expect(scrolled.mock.contexts.at(-1)).toBe(option('Apple'));
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
  });

  it("does not pick with the Enter that ends an input method's composition", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: FormWords });
    await user.click(box());
    fireEvent.keyDown(box(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(box(), { key: 'Enter', keyCode: 229 });
    expect(onChange).not.toHaveBeenCalled();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });

  it('takes the option autofill names while the box is not focused, and opens no list no one would close', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />, { wrapper: FormWords });
    expect(box()).not.toHaveFocus();
    fireEvent.change(box(), { target: { value: 'Narnia' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(box()).toHaveValue('');
    fireEvent.change(box(), { target: { value: 'Cherry' } });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('cherry');
    expect(box()).toHaveValue('Cherry');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('redraws only the two options concerned when the highlight moves', async () => {
    const user = userEvent.setup();
    const drawn: string[] = [];
    render(
      <Harness
        renderOption={(shown) => {
          drawn.push(shown.value);
          return null;
        }}
      />,
      { wrapper: FormWords },
    );
    await user.click(box());
    drawn.length = 0;
    await user.keyboard('{ArrowDown}');
    expect(drawn.sort()).toEqual(['apple', 'apricot']);
  });
});
