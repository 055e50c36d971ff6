import { describe, expect, it } from 'vitest';
import { isSafeLink, isSafeResource } from '../../../src/config/url-rules';
import { parseConfig } from '../../../src/config/parse-config';
import defaultConfigText from '../../../public/config.json?raw';

const ANOTHER_ORIGIN = [
  '//evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example',
  '\\/evil.example',
  ' //evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '//',
];
const OTHER_SCHEMES = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<b>x</b>',
  'vbscript:x',
  'mailto:a@b.example',
  'ftp://files.example/x',
];
const PLAIN_HTTP = ['http://creators.example/sign-up', 'http://localhost.evil.example/', 'http://127.0.0.1.nip.io/'];

describe('links in config.json (redirectUrl, footerLinks[].href, logo.href, requestUrl)', () => {
  it.each([
    'https://creators.example/sign-up',
    'HTTPS://Creators.example',
    '/api/applications',
    '/terms#privacy',
    './terms',
    '#top',
    'http://localhost:4173/api',
    'http://127.0.0.1:8080/x',
    'http://[::1]:3000/',
  ])('accepts %s', (value) => {
    expect(isSafeLink(value)).toBe(true);
  });

  it.each([...ANOTHER_ORIGIN, ...OTHER_SCHEMES, ...PLAIN_HTTP, '', 'terms.html', 'https://', 'https:///path'])('refuses %j', (value) => {
    expect(isSafeLink(value)).toBe(false);
  });
});

describe('addresses of resources (logo.src)', () => {
  it.each(['/logo.svg', 'logo.svg', 'images/logo.svg', './logo.svg', 'https://cdn.example/logo.svg', 'http://localhost/logo.svg'])('accepts %s', (value) => {
    expect(isSafeResource(value)).toBe(true);
  });

  it.each([...ANOTHER_ORIGIN, ...OTHER_SCHEMES, ...PLAIN_HTTP])('refuses %j', (value) => {
    expect(isSafeResource(value)).toBe(false);
  });
});

describe('the URL rules in the configuration', () => {
  it('apply to each of the five URL fields, by path', () => {
    const config = JSON.parse(defaultConfigText) as Record<string, unknown> & { logo: Record<string, unknown> };
    config.redirectUrl = '//evil.example';
    config.requestUrl = 'http://api.example/applications';
    config.footerLinks = [{ text: 'Terms', href: '/\\evil.example' }];
    config.logo = { ...config.logo, src: '//evil.example/logo.svg', href: 'javascript:alert(1)' };
    const result = parseConfig(config);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => problem.path).sort()).toEqual(['footerLinks.0.href', 'logo.href', 'logo.src', 'redirectUrl', 'requestUrl']);
  });
});
