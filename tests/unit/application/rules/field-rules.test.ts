import { describe, expect, it } from 'vitest';
import { checkBounds, firstFailure, MESSAGES, RULES } from '../../../../src/application/rules/field-rules';

describe('required', () => {
  it.each([['Ada'], [' '], [true], [['a']]])('passes %j', (value) => {
    expect(RULES.required(value)).toBeNull();
  });
  it.each([[''], [null], [undefined], [false], [[]]])('fails %j with the required problem', (value) => {
    expect(RULES.required(value)).toBe('required');
  });
});

describe('notBlank', () => {
  it('fails a whitespace-only value', () => {
    expect(RULES.notBlank('   ')).toBe(MESSAGES.notBlank);
    expect(RULES.notBlank('\t\n')).toBe(MESSAGES.notBlank);
  });
  it('passes text, and leaves empty values to required', () => {
    expect(RULES.notBlank(' Ada ')).toBeNull();
    expect(RULES.notBlank('')).toBeNull();
  });
  it('with required, rejects first names that are empty or only spaces', () => {
    expect(firstFailure('', ['required', 'notBlank'])).toBe('required');
    expect(firstFailure('  ', ['required', 'notBlank'])).toBe('notBlank');
    expect(firstFailure('Ada', ['required', 'notBlank'])).toBeNull();
  });
});

describe('email', () => {
  it.each(['ada@example.com', 'a.b+tag@mail.example.co.uk', ' ada@example.org '])('accepts %s', (value) => {
    expect(RULES.email(value)).toBeNull();
  });
  it.each(['ada', 'ada@', 'ada@example', '@example.com', 'ada @example.com', 'ada@example.c'])('rejects %s', (value) => {
    expect(RULES.email(value)).toBe('email');
  });
});

describe('zip', () => {
  it.each(['90210', '90210-1234', '1234 56'])('accepts %s', (value) => {
    expect(RULES.zip(value)).toBeNull();
  });
  it.each(['SW1A 1AA', '9021O', '-', 'abc'])('rejects %s', (value) => {
    expect(RULES.zip(value)).toBe('zip');
  });
});

describe('digits', () => {
  it('accepts digits only', () => {
    expect(RULES.digits('5551234567')).toBeNull();
    expect(RULES.digits('555-123')).toBe('digits');
    expect(RULES.digits('12k')).toBe('digits');
  });
  it('follower counts say they need a valid number', () => {
    expect(firstFailure('12k', ['digits'], undefined, { digits: MESSAGES.followers })).toBe('followers');
  });
});

describe('url (website)', () => {
  it.each(['https://ada.example.com', 'http://ada.blog/posts?id=1', 'ada.example.com', 'www.ada-home.co.uk/about'])('accepts %s', (value) => {
    expect(RULES.url(value)).toBeNull();
  });
  it.each(['ada', 'not a url', 'https://', 'ftp//x'])('rejects %s as no website URL', (value) => {
    expect(RULES.url(value)).toBe('url');
  });
});

describe('handle', () => {
  it.each(['ada.lovelace', '@ada', 'ada_home', 'Ada Home'])('accepts the username %s', (value) => {
    expect(RULES.handle(value)).toBeNull();
  });
  it.each(['https://instagram.com/ada', 'instagram.com/ada', 'www.tiktok.com/@ada', 'http://x.com/ada'])(
    'rejects the full URL %s: a username only',
    (value) => {
      expect(RULES.handle(value)).toBe('handle');
    },
  );
});

describe('checked', () => {
  it('needs the box ticked', () => {
    expect(RULES.checked(true)).toBeNull();
    expect(RULES.checked(false)).toBe(MESSAGES.checked);
  });
});

describe('configured bounds', () => {
  it('limits lengths and list sizes', () => {
    expect(checkBounds('Ada', { maxLength: 2 })).toBe('maxLength:2');
    expect(checkBounds('A', { minLength: 2 })).toBe('minLength:2');
    expect(checkBounds(['a', 'b', 'c'], { maxItems: 2 })).toBe('maxItems:2');
    expect(checkBounds('Ada', { maxLength: 3 })).toBeNull();
    expect(checkBounds('', { minLength: 2 })).toBeNull();
  });
});
