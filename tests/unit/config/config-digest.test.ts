// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import defaultConfigText from '../../../public/config.json?raw';
import { configDigest } from '../../../src/config/config-digest';

describe('configDigest', () => {
  it('is the first 16 hex digits of the SHA-256 of the text, as Node computes it', async () => {
    const expected = createHash('sha256').update(defaultConfigText).digest('hex').slice(0, 16);
    expect(await configDigest(defaultConfigText)).toBe(expected);
  });

  it('differs for any edit, even a trailing space', async () => {
    expect(await configDigest(`${defaultConfigText} `)).not.toBe(await configDigest(defaultConfigText));
  });

  it('is undefined where the page has no Web Crypto (a plain-HTTP origin)', async () => {
    expect(await configDigest(defaultConfigText, null)).toBeUndefined();
  });
});
