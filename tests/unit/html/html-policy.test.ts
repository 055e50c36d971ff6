import { describe, expect, it } from 'vitest';
import { isAllowedUrl } from '../../../src/html/html-policy';

describe('addresses in configured HTML', () => {
  it.each(['https://partner.example/', 'http://partner.example/', '/terms', 'terms.html', '#top', 'mailto:team@example.org', 'tel:+15035550142', '?q=1'])(
    'a link may go to %s',
    (href) => {
      expect(isAllowedUrl('href', href)).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'ftp://files.example/',
    'blob:https://x/y',
  ])('a link may not go to %j', (href) => {
    expect(isAllowedUrl('href', href)).toBe(false);
  });

  it('an image comes from http(s) or this site, never a data: or other URL', () => {
    expect(isAllowedUrl('src', '/logo.svg')).toBe(true);
    expect(isAllowedUrl('src', 'https://cdn.example/a.png')).toBe(true);
    expect(isAllowedUrl('src', 'data:image/png;base64,AAAA')).toBe(false);
    expect(isAllowedUrl('src', 'mailto:x@y.z')).toBe(false);
  });

  it('leaves attributes that hold no address alone', () => {
    expect(isAllowedUrl('title', 'javascript:alert(1)')).toBe(true);
  });
});
