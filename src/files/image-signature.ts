/**
 * Whether a file typed as a photo starts as one: its first bytes are the signature of JPEG, PNG,
 * WebP or GIF. A text file renamed `room.jpg` is typed image/jpeg by its name, but the receiver
 * judges a file by its bytes and would refuse it only at the send, naming the field, not the
 * file; the page refuses it when it is chosen, by name. Pure.
 */

/** The types whose signature is checked; others (HEIC, AVIF, documents) are left to the receiver. */
const SIGNED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** How many of a file's first bytes `startsAsImage` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return bytes.every((byte, index) => head[at + index] === byte);
}

const ascii = (text: string): number[] => Array.from(text, (character) => character.charCodeAt(0));

/** Any of the four photo signatures: a PNG named .jpg is still a photo, which the page re-encodes as its type. */
function hasImageSignature(head: Uint8Array): boolean {
  return (
    startsWith(head, [0xff, 0xd8, 0xff]) ||
    startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) ||
    startsWith(head, ascii('GIF87a')) ||
    startsWith(head, ascii('GIF89a'))
  );
}

/** False when `type` is a photo type whose signature `head` (the file's first bytes) lacks; true otherwise. */
export function startsAsImage(type: string, head: Uint8Array): boolean {
  return !SIGNED_TYPES.has(type) || hasImageSignature(head);
}

/** Whether a photo of this type always decodes where it is a photo at all: its failed decoding then means it is not one. */
export function decodesEverywhere(type: string): boolean {
  return SIGNED_TYPES.has(type);
}
