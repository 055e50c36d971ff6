import { firstFailure } from './field-rules';
import { platformFields, type PlatformEntry, type PlatformKey } from '../values/platforms';
import { asChecked, platformFieldRules } from './platform-field-rules';

/**
 * The platform picker's rules (docs/product-rules.md §4): Add takes the first platform not on a card,
 * a card can switch to a platform not on another card, Remove clears the card's values, and
 * the platforms count as filled when one card has every field filled and valid.
 */

function without(platforms: Readonly<Partial<Record<PlatformKey, PlatformEntry>>>, key: PlatformKey): Partial<Record<PlatformKey, PlatformEntry>> {
  return Object.fromEntries(Object.entries(platforms).filter(([platform]) => platform !== key));
}

/** Adds a card for the first offered platform not already on one; unchanged when all are taken. */
export function addCard(cards: readonly PlatformKey[], offered: readonly PlatformKey[]): PlatformKey[] {
  const next = offered.find((platform) => !cards.includes(platform));
  return next ? [...cards, next] : [...cards];
}

/** Switches a card to another platform, moving what was typed on it, unless that platform has its own card. */
export function changeCard(
  cards: readonly PlatformKey[],
  platforms: Readonly<Partial<Record<PlatformKey, PlatformEntry>>>,
  index: number,
  platform: PlatformKey,
): { cards: PlatformKey[]; platforms: Partial<Record<PlatformKey, PlatformEntry>> } {
  const current = cards[index];
  if (current === undefined || current === platform || cards.includes(platform)) return { cards: [...cards], platforms: { ...platforms } };
  const typed = platforms[current];
  const next = without(platforms, current);
  // Handle and followers carry over between social platforms; a website's fields do not fit one.
  const carried = typed && (current === 'website') === (platform === 'website') ? typed : undefined;
  if (carried) next[platform] = carried;
  return { cards: cards.map((card, i) => (i === index ? platform : card)), platforms: next };
}

/** Removes a card and clears its values. */
export function removeCard(
  cards: readonly PlatformKey[],
  platforms: Readonly<Partial<Record<PlatformKey, PlatformEntry>>>,
  index: number,
): { cards: PlatformKey[]; platforms: Partial<Record<PlatformKey, PlatformEntry>> } {
  const removed = cards[index];
  const next = removed === undefined ? { ...platforms } : without(platforms, removed);
  return { cards: cards.filter((_, i) => i !== index), platforms: next };
}

/** True when every field of the platform is filled and valid; counts may be typed the way `locale` writes numbers. */
export function isPlatformFilled(platform: PlatformKey, entry: PlatformEntry | undefined, locale?: string): boolean {
  if (!entry) return false;
  return platformFields(platform).every((field) => {
    const value = entry[field];
    const checked = asChecked(`platforms.${platform}.${field}`, value, locale);
    return typeof value === 'string' && value.trim() !== '' && firstFailure(checked, platformFieldRules(field, true)) === null;
  });
}

/** `platforms.filled`: at least one platform on a card has all its fields filled and valid. */
export function platformsFilled(cards: readonly PlatformKey[], platforms: Readonly<Partial<Record<PlatformKey, PlatformEntry>>>, locale?: string): boolean {
  return cards.some((platform) => isPlatformFilled(platform, platforms[platform], locale));
}
