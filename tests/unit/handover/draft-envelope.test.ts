// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ENVELOPE_VERSION,
  EnvelopeError,
  MAX_ENVELOPE_BYTES,
  decryptDraft,
  encryptDraft,
  newDraftId,
  type EnvelopeErrorKind,
} from '../../../src/handover/draft-envelope';
import { DRAFT_ID } from '../../../src/handover/draft-id';
import { decodeBase64url } from '../../../src/handover/base64url';
import type { HandoverPayload } from '../../../src/handover/handover-payload';
import { completeValues } from '../../fixtures/default-programme';

function payload(note = 'I film window makeovers.'): HandoverPayload {
  return {
    format: 1,
    applicationId: '8c3f8a4e-2b7d-4a51-9d3e-1f2a3b4c5d6e',
    revision: 2,
    savedAt: 1_764_000_000_000,
    programme: '0123456789abcdef',
    wizard: { current: 2, reached: [0, 1, 2] },
    // The default programme's complete application, with a note of the length a test asks for.
    values: {
      ...completeValues(),
      fields: { single: { about: note, website: { value: true, explanation: '' } } },
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<EnvelopeErrorKind> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EnvelopeError);
  return (error as EnvelopeError).kind;
}

/** A version-1 envelope of arbitrary plaintext, sealed the way encryptDraft seals, for inputs it would never make. */
async function sealRaw(plaintext: Uint8Array<ArrayBuffer>, id: string): Promise<{ key: string; ciphertext: Uint8Array }> {
  const sealed = await encryptDraft(payload());
  const keyBytes = decodeBase64url(sealed.key)! as Uint8Array<ArrayBuffer>;
  const cryptoKey = await crypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const aad = new Uint8Array([ENVELOPE_VERSION, ...new TextEncoder().encode(id)]);
  const body = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, cryptoKey, plaintext));
  return { key: sealed.key, ciphertext: new Uint8Array([ENVELOPE_VERSION, ...iv, ...body]) };
}

describe('encryptDraft and decryptDraft', () => {
  it('gives back exactly the payload sealed, from bytes that hold none of the answers in plain text', async () => {
    const sealed = await encryptDraft(payload());
    expect(await decryptDraft(sealed.ciphertext, sealed)).toEqual(payload());
    const bytes = new TextDecoder('latin1').decode(sealed.ciphertext);
    for (const typed of ['Lovelace', 'ada@example.com', '5551234567', 'Portland', 'ada.at.home', 'instagram']) expect(bytes).not.toContain(typed);
  });

  it('lays the bytes out as the version, a 12-byte IV, then the ciphertext and its 16-byte tag', async () => {
    const sealed = await encryptDraft(payload());
    const json = new TextEncoder().encode(JSON.stringify(payload()));
    expect(sealed.ciphertext[0]).toBe(1);
    expect(sealed.ciphertext.length).toBe(1 + 12 + json.length + 16);
  });

  it('uses a fresh 256-bit key, IV and id for every draft, even the same one twice', async () => {
    const sealed = await Promise.all(Array.from({ length: 50 }, () => encryptDraft(payload())));
    expect(new Set(sealed.map((one) => one.key)).size).toBe(50);
    expect(new Set(sealed.map((one) => one.id)).size).toBe(50);
    expect(new Set(sealed.map((one) => Array.from(one.ciphertext.slice(1, 13)).join(','))).size).toBe(50);
    for (const one of sealed) {
      expect(one.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(decodeBase64url(one.key)).toHaveLength(32);
    }
  });

  it('refuses a changed byte anywhere after the version byte as tampered', async () => {
    const sealed = await encryptDraft(payload('short'));
    for (let index = 1; index < sealed.ciphertext.length; index += 1) {
      const changed = sealed.ciphertext.slice();
      changed[index] = (changed[index] ?? 0) ^ 0x01;
      expect(await failure(decryptDraft(changed, sealed))).toBe('tampered');
    }
  });

  it('refuses a draft cut short: below the IV and tag as truncated, any other cut fails its tag', async () => {
    const sealed = await encryptDraft(payload('short'));
    for (const length of [0, 1, 12, 13, 28]) expect(await failure(decryptDraft(sealed.ciphertext.slice(0, length), sealed))).toBe('truncated');
    for (let length = 29; length < sealed.ciphertext.length; length += 1) {
      expect(await failure(decryptDraft(sealed.ciphertext.slice(0, length), sealed))).toBe('tampered');
    }
    const extended = new Uint8Array([...sealed.ciphertext, 0]);
    expect(await failure(decryptDraft(extended, sealed))).toBe('tampered');
  });

  it('refuses the right bytes with another key', async () => {
    const [first, second] = await Promise.all([encryptDraft(payload()), encryptDraft(payload())]);
    expect(await failure(decryptDraft(first.ciphertext, { id: first.id, key: second.key }))).toBe('tampered');
  });

  it('refuses a ciphertext moved to another id, even with its own key (the id is authenticated)', async () => {
    const sealed = await encryptDraft(payload());
    expect(await failure(decryptDraft(sealed.ciphertext, { id: newDraftId(), key: sealed.key }))).toBe('tampered');
    // One character of the id changed.
    const nearly = `${sealed.id.slice(0, -1)}${sealed.id.endsWith('A') ? 'B' : 'A'}`;
    expect(await failure(decryptDraft(sealed.ciphertext, { id: nearly, key: sealed.key }))).toBe('tampered');
  });

  it('refuses a version byte it does not know as unsupported, whatever follows', async () => {
    const sealed = await encryptDraft(payload());
    for (const version of [0, 2, 255]) {
      const relabelled = sealed.ciphertext.slice();
      relabelled[0] = version;
      expect(await failure(decryptDraft(relabelled, sealed))).toBe('unsupported');
      expect(await failure(decryptDraft(new Uint8Array([version, 1, 2]), sealed))).toBe('unsupported');
    }
  });

  it('refuses authentic bytes that are not JSON, or JSON that is not a draft', async () => {
    const id = newDraftId();
    const notJson = await sealRaw(new TextEncoder().encode('{"format":1,'), id);
    expect(await failure(decryptDraft(notJson.ciphertext, { id, key: notJson.key }))).toBe('not-json');
    const badUtf8 = await sealRaw(new Uint8Array([0x22, 0xff, 0x22]), id);
    expect(await failure(decryptDraft(badUtf8.ciphertext, { id, key: badUtf8.key }))).toBe('not-json');
    const shapes: unknown[] = [
      null,
      [],
      'draft',
      { ...payload(), format: 2 },
      { ...payload(), applicationId: '' },
      { ...payload(), revision: -1 },
      { ...payload(), revision: 1.5 },
      { ...payload(), savedAt: 'yesterday' },
      { ...payload(), programme: undefined },
      { ...payload(), wizard: { current: '2', reached: [0] } },
      { ...payload(), wizard: { current: 1, reached: [0, -1] } },
      { ...payload(), values: { personalInfo: {} } },
      { ...payload(), values: undefined },
    ];
    for (const shape of shapes) {
      const sealed = await sealRaw(new TextEncoder().encode(JSON.stringify(shape)), id);
      expect(await failure(decryptDraft(sealed.ciphertext, { id, key: sealed.key }))).toBe('not-a-draft');
    }
  });

  it('refuses a link without a valid id or 256-bit key before trying to decrypt', async () => {
    const sealed = await encryptDraft(payload());
    for (const link of [
      { id: 'short', key: sealed.key },
      { id: `${sealed.id}!`, key: sealed.key },
      { id: sealed.id, key: sealed.key.slice(0, 42) },
      { id: sealed.id, key: `${sealed.key}A` },
      { id: sealed.id, key: '' },
    ]) {
      expect(await failure(decryptDraft(sealed.ciphertext, link))).toBe('bad-link');
    }
  });

  it("refuses to seal a draft over the receiver's 65 536 bytes, and seals one of exactly that size", async () => {
    expect(MAX_ENVELOPE_BYTES).toBe(65_536);
    const overhead = 1 + 12 + 16 + new TextEncoder().encode(JSON.stringify(payload(''))).length;
    const exact = await encryptDraft(payload('x'.repeat(MAX_ENVELOPE_BYTES - overhead)));
    expect(exact.ciphertext.length).toBe(MAX_ENVELOPE_BYTES);
    expect(await decryptDraft(exact.ciphertext, exact)).toEqual(payload('x'.repeat(MAX_ENVELOPE_BYTES - overhead)));
    expect(await failure(encryptDraft(payload('x'.repeat(MAX_ENVELOPE_BYTES - overhead + 1))))).toBe('too-large');
    // Counted in bytes, not characters: "é" is two of them.
    expect(await failure(encryptDraft(payload('é'.repeat(Math.ceil((MAX_ENVELOPE_BYTES - overhead + 1) / 2)))))).toBe('too-large');
  });
});

describe('newDraftId', () => {
  it("makes 128-bit ids of 22 characters that the receiver's rule accepts, never twice", () => {
    const receiverRule = /^[A-Za-z0-9_-]{22,64}$/;
    const ids = Array.from({ length: 10_000 }, newDraftId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toHaveLength(22);
      expect(id).toMatch(receiverRule);
      expect(DRAFT_ID.test(id)).toBe(true);
      expect(decodeBase64url(id)).toHaveLength(16);
    }
  });
});
