import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PlatformPickerField } from '../../../src/fields/platform-picker-field';
import { tabTo } from '../support/keyboard';
import { configuredField, programmeWith, renderWithForm } from '../support/render-with-form';

const config = configuredField('platforms');
const BASIC_INFO = 1;
const FILL_ONE = 'Fill at least one platform';
const HINT = 'Add each platform you publish on. Fill in at least one completely.';
/** Focus moves on the next animation frame, and "filled" is checked again in an effect: a busy machine may be late. */
const LATER = { timeout: 3000 };

function renderPicker(options: Parameters<typeof renderWithForm>[1] = {}) {
  const harness = renderWithForm(<PlatformPickerField field={config} />, options);
  return { ...harness, picker: screen.getByRole('group', { name: 'Your platforms' }) };
}

/** A platform's card, found by the platform it shows. */
function card(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

function cardNames(): (string | null)[] {
  return Array.from(document.querySelectorAll('.platform-card')).map((element) => element.getAttribute('aria-label'));
}

/** Types into a card's box, reaching it by Tab. */
async function typeInto(user: UserEvent, platform: string, label: 'Handle' | 'Follower count', text: string): Promise<void> {
  await tabTo(user, within(card(platform)).getByRole('textbox', { name: label }));
  await user.keyboard(text);
}

// Generous: these run in well under a second each, but on a busy shared machine a list of options in
// jsdom can take seconds, and a test cut off by its timeout keeps typing into the next one.
describe('PlatformPickerField', { timeout: 20_000 }, () => {
  it('starts with one Instagram card inside a group named by the label, with the hint read with it', () => {
    const { picker } = renderPicker();
    expect(cardNames()).toEqual(['Instagram']);
    const instagram = within(picker).getByRole('group', { name: 'Instagram' });
    expect(within(instagram).getByRole('combobox', { name: 'Platform' })).toHaveValue('instagram');
    expect(within(instagram).getByRole('textbox', { name: 'Handle' })).toHaveValue('');
    expect(within(instagram).getByRole('textbox', { name: 'Follower count' })).toHaveAttribute('inputmode', 'numeric');
    expect(picker).toHaveAccessibleDescription(HINT);
  });

  it('adds YouTube, Facebook, TikTok, X/Twitter and Pinterest in turn by keyboard, then offers no more', async () => {
    const user = userEvent.setup();
    const { form } = renderPicker();
    const expected = ['Instagram', 'YouTube', 'Facebook', 'TikTok', 'X/Twitter', 'Pinterest'];

    for (let count = 2; count <= expected.length; count += 1) {
      await tabTo(user, screen.getByRole('button', { name: 'Add platform' }));
      await user.keyboard('{Enter}');
      expect(cardNames()).toEqual(expected.slice(0, count));
      // Focus follows to the new card's platform select.
      const select = within(card(expected[count - 1]!)).getByRole('combobox', { name: 'Platform' });
      await waitFor(() => {
        expect(select).toHaveFocus();
      }, LATER);
    }

    expect(screen.queryByRole('button', { name: 'Add platform' })).toBeNull();
    expect(form.getValues('platformCards')).toEqual(['instagram', 'youtube', 'facebook', 'tiktok', 'twitter', 'pinterest']);
    // A card offers its own platform and those on no other card: here, only its own.
    expect(
      within(card('TikTok'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['TikTok']);
  });

  it("switches a card's platform with its Platform select, keeping what was typed", async () => {
    const user = userEvent.setup();
    const { form } = renderPicker();
    await user.tab();
    const select = within(card('Instagram')).getByRole('combobox', { name: 'Platform' });
    expect(select).toHaveFocus();
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Instagram', 'YouTube', 'Facebook', 'TikTok', 'X/Twitter', 'Pinterest']);
    await typeInto(user, 'Instagram', 'Handle', 'ada.at.home');
    await typeInto(user, 'Instagram', 'Follower count', '12000');

    // jsdom has no keyboard for native select lists; the browser's own select handles that.
    await user.selectOptions(select, 'YouTube');

    expect(cardNames()).toEqual(['YouTube']);
    const youtube = card('YouTube');
    expect(within(youtube).getByRole('textbox', { name: 'Handle' })).toHaveValue('ada.at.home');
    expect(within(youtube).getByRole('textbox', { name: 'Follower count' })).toHaveValue('12000');
    expect(form.getValues('platformCards')).toEqual(['youtube']);
    expect(form.getValues('platforms.youtube')).toEqual({ handle: 'ada.at.home', followers: '12000' });
    expect(form.getValues('platforms.instagram')).toBeUndefined();
    await waitFor(() => {
      expect(within(youtube).getByRole('combobox', { name: 'Platform' })).toHaveFocus();
    }, LATER);
  });

  it('removes a card by keyboard, clearing its values and moving focus to "Add platform"', async () => {
    const user = userEvent.setup();
    const { form } = renderPicker();
    await typeInto(user, 'Instagram', 'Handle', 'ada.at.home');
    await typeInto(user, 'Instagram', 'Follower count', '12000');
    await tabTo(user, within(card('Instagram')).getByRole('button', { name: 'Remove' }), { shift: true });
    await user.keyboard('{Enter}');

    expect(cardNames()).toEqual([]);
    expect(form.getValues('platformCards')).toEqual([]);
    expect(form.getValues('platforms.instagram')).toBeUndefined();
    const add = screen.getByRole('button', { name: 'Add platform' });
    await waitFor(() => {
      expect(add).toHaveFocus();
    }, LATER);

    // Added back, the card starts empty.
    await user.keyboard('{Enter}');
    expect(cardNames()).toEqual(['Instagram']);
    expect(within(card('Instagram')).getByRole('textbox', { name: 'Handle' })).toHaveValue('');
    expect(within(card('Instagram')).getByRole('textbox', { name: 'Follower count' })).toHaveValue('');
  });

  it('after Continue with nothing filled, says "Fill at least one platform" until a card is filled validly', async () => {
    const user = userEvent.setup();
    const { picker, validateStep } = renderPicker();
    expect(screen.queryByText(FILL_ONE)).toBeNull();

    expect(await validateStep(BASIC_INFO)).toBe(false);
    expect(within(picker).getByText(FILL_ONE)).toHaveClass('field-error');
    expect(picker).toHaveAccessibleDescription(`${HINT} ${FILL_ONE}`);
    // Fields of a platform that is not required are optional one by one.
    expect(within(picker).queryAllByText('This field is required')).toHaveLength(0);

    await typeInto(user, 'Instagram', 'Handle', 'ada.at.home');
    await typeInto(user, 'Instagram', 'Follower count', '12k');
    await user.tab();
    const followers = within(card('Instagram')).getByRole('textbox', { name: 'Follower count' });
    expect(followers).toHaveAccessibleDescription('Enter a valid number');
    expect(screen.getByText(FILL_ONE)).toBeInTheDocument();

    await tabTo(user, followers, { shift: true });
    await user.keyboard('{Control>}a{/Control}12000');
    await user.tab();
    await waitFor(() => {
      expect(screen.queryByText(FILL_ONE)).toBeNull();
    }, LATER);
    expect(picker).toHaveAccessibleDescription(HINT);
    expect(followers).not.toHaveAttribute('aria-invalid');
  });

  it('says "Enter your username only" for a URL given as the handle', async () => {
    const user = userEvent.setup();
    renderPicker();
    const handle = within(card('Instagram')).getByRole('textbox', { name: 'Handle' });
    await tabTo(user, handle);
    await user.keyboard('https://instagram.com/ada.at.home');
    await user.tab();

    expect(handle).toHaveAttribute('aria-invalid', 'true');
    expect(handle).toHaveAccessibleDescription('Enter your username only');

    await tabTo(user, handle, { shift: true });
    await user.keyboard('{Control>}a{/Control}ada.at.home');
    await user.tab();
    expect(handle).not.toHaveAttribute('aria-invalid');
  });

  describe('with a required platform', () => {
    const programme = programmeWith((config) => {
      config.requiredPlatforms = ['youtube'];
    });

    it('starts with its card, which can be neither removed nor switched, and whose fields are required', async () => {
      const user = userEvent.setup();
      const { validateStep } = renderPicker({ programme });
      expect(cardNames()).toEqual(['YouTube']);
      const youtube = card('YouTube');
      expect(within(youtube).queryByRole('button', { name: 'Remove' })).toBeNull();
      expect(within(youtube).getByRole('combobox', { name: 'Platform' })).toBeDisabled();
      // No chevron promising a list it cannot open.
      expect(youtube.querySelector('.platform-card__chevron')).toBeNull();
      const handle = within(youtube).getByRole('textbox', { name: 'Handle' });
      const followers = within(youtube).getByRole('textbox', { name: 'Follower count' });
      expect(handle).toHaveAttribute('aria-required', 'true');
      expect(followers).toHaveAttribute('aria-required', 'true');

      // An added platform that is not required stays optional and removable.
      await tabTo(user, screen.getByRole('button', { name: 'Add platform' }));
      await user.keyboard('{Enter}');
      expect(cardNames()).toEqual(['YouTube', 'Instagram']);
      const instagram = card('Instagram');
      expect(within(instagram).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
      // Its chevron is drawn inline, hidden from assistive technology, beside a select named by its label.
      const chevron = instagram.querySelector('.platform-card__choice > .platform-card__chevron');
      expect(chevron?.tagName.toLowerCase()).toBe('svg');
      expect(chevron?.previousElementSibling?.tagName.toLowerCase()).toBe('select');
      expect(chevron).toHaveAttribute('aria-hidden', 'true');
      expect(within(instagram).getByRole('combobox', { name: 'Platform' })).toBeEnabled();
      expect(within(instagram).getByRole('textbox', { name: 'Handle' })).not.toHaveAttribute('aria-required');

      expect(await validateStep(BASIC_INFO)).toBe(false);
      expect(handle).toHaveAccessibleDescription('This field is required');
      expect(followers).toHaveAccessibleDescription('This field is required');
      expect(within(instagram).getByRole('textbox', { name: 'Handle' })).not.toHaveAttribute('aria-invalid');
    });

    it('is not filled by another platform alone', async () => {
      const user = userEvent.setup();
      const { validateStep, form } = renderPicker({ programme });
      await tabTo(user, screen.getByRole('button', { name: 'Add platform' }));
      await user.keyboard('{Enter}');
      await typeInto(user, 'Instagram', 'Handle', 'ada.at.home');
      await typeInto(user, 'Instagram', 'Follower count', '12000');

      expect(await validateStep(BASIC_INFO)).toBe(false);
      expect(form.getValues('platforms.instagram')).toEqual({ handle: 'ada.at.home', followers: '12000' });
      expect(screen.queryByText(FILL_ONE)).toBeNull();
      expect(within(card('YouTube')).getByRole('textbox', { name: 'Handle' })).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
