// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { statusLookupUrl } from '../../../src/status/lookup-url';

const PAGE = 'https://apply.example.com/status/#secret';

describe('statusLookupUrl: `status` beside the programme’s requestUrl', () => {
  it('is /api/status for /api/applications, on the page’s origin', () => {
    expect(statusLookupUrl('/api/applications', PAGE)).toBe('https://apply.example.com/api/status');
  });

  it('keeps another origin, drops the query and the fragment', () => {
    expect(statusLookupUrl('https://receiver.example.org/v1/apply?x=1#y', PAGE)).toBe('https://receiver.example.org/v1/status');
  });

  it('never carries the page’s fragment (the secret)', () => {
    expect(statusLookupUrl('/api/applications', PAGE)).not.toContain('secret');
  });

  it('is null with no receiver, or none it can send to', () => {
    expect(statusLookupUrl(null, PAGE)).toBeNull();
    expect(statusLookupUrl(undefined, PAGE)).toBeNull();
    expect(statusLookupUrl('', PAGE)).toBeNull();
    expect(statusLookupUrl('javascript:alert(1)', PAGE)).toBeNull();
  });
});
