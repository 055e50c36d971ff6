import { decodeBase64url, encodeBase64url } from './base64url';
import { DRAFT_ID } from './draft-id';
import { isHandoverPayload, type HandoverPayload } from './handover-payload';

/**
 * The encrypted form of a handed-over draft. Each link gets a fresh 256-bit AES-GCM key and a
 * random 96-bit IV, so no key or IV is ever used twice; the receiver stores the bytes and can
 * read nothing of them. Layout, version 1:
 *   byte 0        the version (1)
 *   bytes 1–12    the IV
 *   bytes 13–     the encrypted JSON of the payload, then its 16-byte tag
 * The version byte and the id are authenticated data: a ciphertext stored under another id, or
 * relabelled as another version, fails its tag.
 */

export const ENVELOPE_VERSION = 1;
/** The receiver's limit on a draft's body (server/drafts/drafts-in-transit.mjs, MAX_DRAFT_BYTES). */
export const MAX_ENVELOPE_BYTES = 65_536;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const ID_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES;

/**
 * Why a draft could not be sealed or opened. A cut below the header and tag is 'truncated'; any
 * other cut, changed byte, wrong key or other id fails the tag, which cannot tell them apart: 'tampered'.
 */
export type EnvelopeErrorKind = 'truncated' | 'tampered' | 'unsupported' | 'not-json' | 'not-a-draft' | 'too-large' | 'bad-link';

/** A draft that could not be sealed or opened, with what happened. */
export class EnvelopeError extends Error {
  readonly kind: EnvelopeErrorKind;

  constructor(kind: EnvelopeErrorKind, message: string) {
    super(message);
    this.name = 'EnvelopeError';
    this.kind = kind;
  }
}

/** A sealed draft: the id to store it under, the key for the link, and the bytes for the receiver. */
export interface SealedDraft {
  id: string;
  key: string;
  ciphertext: Uint8Array;
}

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** The authenticated data: the version, then the id, so the bytes hold only under the id they were made for. */
function additionalData(version: number, id: string): Uint8Array<ArrayBuffer> {
  const idBytes = new TextEncoder().encode(id);
  const data = new Uint8Array(1 + idBytes.length);
  data[0] = version;
  data.set(idBytes, 1);
  return data;
}

/** A fresh random id of 128 bits, 22 base64url characters. */
export function newDraftId(): string {
  return encodeBase64url(randomBytes(ID_BYTES));
}

/** Encrypts a payload under a fresh key and id; refuses one the receiver would refuse as too large. */
export async function encryptDraft(payload: HandoverPayload): Promise<SealedDraft> {
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));
  const size = HEADER_BYTES + plaintext.length + TAG_BYTES;
  if (size > MAX_ENVELOPE_BYTES) {
    throw new EnvelopeError('too-large', `the draft would take ${String(size)} bytes, over the receiver's ${String(MAX_ENVELOPE_BYTES)}`);
  }
  const id = newDraftId();
  const cryptoKey = await subtle().generateKey({ name: 'AES-GCM', length: KEY_BYTES * 8 }, true, ['encrypt']);
  const key = encodeBase64url(new Uint8Array(await subtle().exportKey('raw', cryptoKey)));
  const iv = randomBytes(IV_BYTES);
  const sealed = await subtle().encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(ENVELOPE_VERSION, id), tagLength: TAG_BYTES * 8 },
    cryptoKey,
    plaintext,
  );
  const ciphertext = new Uint8Array(HEADER_BYTES + sealed.byteLength);
  ciphertext[0] = ENVELOPE_VERSION;
  ciphertext.set(iv, 1);
  ciphertext.set(new Uint8Array(sealed), HEADER_BYTES);
  return { id, key, ciphertext };
}

/** Decrypts and checks the bytes stored under `id`; throws an EnvelopeError saying what is wrong. */
export async function decryptDraft(ciphertext: Uint8Array, link: { id: string; key: string }): Promise<HandoverPayload> {
  const keyBytes = decodeBase64url(link.key);
  if (!DRAFT_ID.test(link.id) || keyBytes?.length !== KEY_BYTES) throw new EnvelopeError('bad-link', 'the link has no valid id and key');
  if (ciphertext.length === 0) throw new EnvelopeError('truncated', 'the draft is empty');
  // Checked before the length: a later version may lay its bytes out otherwise.
  if (ciphertext[0] !== ENVELOPE_VERSION) throw new EnvelopeError('unsupported', `the draft's format ${String(ciphertext[0])} is not one this page reads`);
  if (ciphertext.length < HEADER_BYTES + TAG_BYTES)
    throw new EnvelopeError('truncated', `the draft is ${String(ciphertext.length)} bytes, too short to hold its IV and tag`);
  const cryptoKey = await subtle().importKey('raw', keyBytes as Uint8Array<ArrayBuffer>, 'AES-GCM', false, ['decrypt']);
  let plaintext: ArrayBuffer;
  try {
    plaintext = await subtle().decrypt(
      { name: 'AES-GCM', iv: ciphertext.slice(1, HEADER_BYTES), additionalData: additionalData(ENVELOPE_VERSION, link.id), tagLength: TAG_BYTES * 8 },
      cryptoKey,
      ciphertext.slice(HEADER_BYTES),
    );
  } catch {
    throw new EnvelopeError('tampered', 'the draft fails its authentication tag: changed, cut, another key or another id');
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch {
    throw new EnvelopeError('not-json', 'the draft decrypts to something other than JSON');
  }
  if (!isHandoverPayload(value)) throw new EnvelopeError('not-a-draft', 'the draft decrypts to JSON without the shape of a draft');
  return value;
}
