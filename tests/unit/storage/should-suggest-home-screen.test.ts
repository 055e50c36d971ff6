import { describe, expect, it } from 'vitest';
import { shouldSuggestHomeScreen, type HomeScreenFacts } from '../../../src/storage/should-suggest-home-screen';

const matters: HomeScreenFacts = { hasDraft: true, installed: false, persisted: false, alreadyShown: false };

describe('shouldSuggestHomeScreen', () => {
  it('suggests the Home Screen when a draft exists, the app is not installed and persistence was refused', () => {
    expect(shouldSuggestHomeScreen(matters)).toBe(true);
  });

  it('says nothing with no draft, once installed, once persistence is granted or unknown, or a second time', () => {
    expect(shouldSuggestHomeScreen({ ...matters, hasDraft: false })).toBe(false);
    expect(shouldSuggestHomeScreen({ ...matters, installed: true })).toBe(false);
    expect(shouldSuggestHomeScreen({ ...matters, persisted: true })).toBe(false);
    expect(shouldSuggestHomeScreen({ ...matters, persisted: null })).toBe(false);
    expect(shouldSuggestHomeScreen({ ...matters, alreadyShown: true })).toBe(false);
  });
});
