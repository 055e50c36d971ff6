import { describe, expect, it } from 'vitest';
import { addCard, changeCard, isPlatformFilled, platformsFilled, removeCard } from '../../../../src/application/rules/platform-picker';
import { DEFAULT_PICKER_PLATFORMS, PLATFORM_KEYS } from '../../../../src/application/values/platforms';

describe('addCard', () => {
  it('takes platforms in the order Instagram, YouTube, Facebook, TikTok, X/Twitter, Pinterest', () => {
    let cards = addCard([], DEFAULT_PICKER_PLATFORMS);
    for (let i = 0; i < 5; i += 1) cards = addCard(cards, DEFAULT_PICKER_PLATFORMS);
    expect(cards).toEqual(['instagram', 'youtube', 'facebook', 'tiktok', 'twitter', 'pinterest']);
  });

  it('takes the first platform not already on a card', () => {
    expect(addCard(['youtube'], DEFAULT_PICKER_PLATFORMS)).toEqual(['youtube', 'instagram']);
    expect(addCard(['instagram', 'facebook'], DEFAULT_PICKER_PLATFORMS)).toEqual(['instagram', 'facebook', 'youtube']);
  });

  it('does nothing when every platform has a card', () => {
    expect(addCard([...DEFAULT_PICKER_PLATFORMS], DEFAULT_PICKER_PLATFORMS)).toEqual(DEFAULT_PICKER_PLATFORMS);
  });
});

describe('changeCard', () => {
  it('switches a card to another platform and carries what was typed', () => {
    const result = changeCard(['instagram', 'youtube'], { instagram: { handle: 'ada', followers: '10' } }, 0, 'tiktok');
    expect(result).toEqual({ cards: ['tiktok', 'youtube'], platforms: { tiktok: { handle: 'ada', followers: '10' } } });
  });

  it('refuses a platform that already has a card', () => {
    const result = changeCard(['instagram', 'youtube'], {}, 0, 'youtube');
    expect(result.cards).toEqual(['instagram', 'youtube']);
  });
});

describe('removeCard', () => {
  it("removes the card and clears its values, keeping the others'", () => {
    const result = removeCard(['instagram', 'youtube'], { instagram: { handle: 'ada' }, youtube: { handle: 'adatube' } }, 0);
    expect(result).toEqual({ cards: ['youtube'], platforms: { youtube: { handle: 'adatube' } } });
  });
});

describe('platforms.filled', () => {
  it('is true only when a platform on a card has every field filled and valid', () => {
    expect(platformsFilled(['instagram'], { instagram: { handle: 'ada', followers: '100' } })).toBe(true);
    expect(platformsFilled(['instagram'], { instagram: { handle: 'ada' } })).toBe(false);
    expect(platformsFilled(['instagram'], { instagram: { handle: 'ada', followers: '1k' } })).toBe(false);
    expect(platformsFilled(['instagram'], { instagram: { handle: 'https://instagram.com/ada', followers: '100' } })).toBe(false);
    expect(platformsFilled(['instagram'], { instagram: { handle: '  ', followers: '100' } })).toBe(false);
    // A filled platform without a card (removed) does not count.
    expect(platformsFilled(['youtube'], { instagram: { handle: 'ada', followers: '100' } })).toBe(false);
    expect(platformsFilled(['youtube', 'instagram'], { instagram: { handle: 'ada', followers: '100' } })).toBe(true);
  });

  it('checks a website by its URL and traffic', () => {
    expect(isPlatformFilled('website', { url: 'ada.example.com', monthlyTraffic: '300' })).toBe(true);
    expect(isPlatformFilled('website', { url: 'ada', monthlyTraffic: '300' })).toBe(false);
  });

  it('knows all twelve platform keys', () => {
    expect(PLATFORM_KEYS).toHaveLength(12);
  });
});
