import { describe, expect, it } from 'vitest';
import { textDirection } from '../../../src/i18n/text-direction';

describe('textDirection', () => {
  it.each(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'ug', 'sd'])('reads %s right to left', (lang) => {
    expect(textDirection(lang)).toBe('rtl');
  });

  it.each(['ar-EG', 'ar-001', 'he-IL', 'fa-IR', 'ur-PK', 'AR-eg', 'ar-u-nu-latn'])('reads the regional or extended tag %s right to left', (lang) => {
    expect(textDirection(lang)).toBe('rtl');
  });

  it.each(['en', 'en-US', 'fr', 'fr-CA', 'es-MX', 'de', 'ja', 'zh-Hant', 'sr-Cyrl', 'hi', 'pa'])('reads %s left to right', (lang) => {
    expect(textDirection(lang)).toBe('ltr');
  });

  it('follows a script named in the tag over the language', () => {
    expect(textDirection('az-Arab')).toBe('rtl');
    expect(textDirection('ku-Arab')).toBe('rtl');
    expect(textDirection('ms-Arab-MY')).toBe('rtl');
    expect(textDirection('ff-Adlm')).toBe('rtl');
    expect(textDirection('ur-Latn')).toBe('ltr');
    expect(textDirection('az-Latn')).toBe('ltr');
  });

  it('asks the platform for a language whose script depends on the region', () => {
    expect(textDirection('pa-PK')).toBe('rtl');
    expect(textDirection('pa-IN')).toBe('ltr');
  });

  it('reads an unreadable tag left to right rather than throwing', () => {
    expect(textDirection('')).toBe('ltr');
    expect(textDirection('not a tag')).toBe('ltr');
  });
});
