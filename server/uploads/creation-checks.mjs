// What an upload's creation (POST) must say before the receiver takes a byte of it
// (docs/receiver.md, "Uploads"): its length, known now (no deferred length) and within the file
// field's maxBytes, and its metadata: `filename`, `filetype`, `sha256`, `field`, each once, base64
// as tus 1.0 encodes them, nothing else. The field must be a file field of the current programme,
// and the declared type one it accepts; the content itself is judged by its magic bytes when an
// application binds the upload (the receiver-files checks), since a declared type proves nothing.
import { acceptsType } from './accepts-type.mjs';

/** The longest file name kept, in UTF-16 code units: what file systems allow, and all a person reads. */
export const MAX_FILENAME_LENGTH = 255;
const KEYS = ['filename', 'filetype', 'sha256', 'field'];
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const SHA256 = /^[0-9a-f]{64}$/;
const MIME = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,128}$/;
const LENGTH = /^(0|[1-9][0-9]{0,15})$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * @typedef {import('./accepts-type.mjs').FileFieldRules} FileFieldRules
 * @typedef {{ status: number, reason: string, message: string }} CreationRefusal reason: for the log, never a value the client sent
 * @typedef {{ field: FileFieldRules, length: number, metadata: { filename: string, filetype: string, sha256: string, field: string } }} Creation
 */

/**
 * tus 1.0's Upload-Metadata: `key base64,key base64`, each key once, every value given.
 * @param {string} header
 * @returns {Record<string, string> | null} null when malformed
 */
export function parseUploadMetadata(header) {
  /** @type {Record<string, string>} */
  const metadata = {};
  for (const pair of header.split(',')) {
    const parts = pair.trim().split(' ');
    if (parts.length !== 2) return null;
    const [key = '', value = ''] = parts;
    if (!KEYS.includes(key) || Object.hasOwn(metadata, key) || value.length % 4 !== 0 || !BASE64.test(value)) return null;
    const decoded = Buffer.from(value, 'base64');
    const text = decoded.toString('utf8');
    // Invalid UTF-8 would come back changed: refused rather than stored mangled.
    if (!Buffer.from(text, 'utf8').equals(decoded)) return null;
    metadata[key] = text;
  }
  return metadata;
}

/**
 * @param {number} status
 * @param {string} reason
 * @param {string} message
 * @returns {{ refused: CreationRefusal }}
 */
const refused = (status, reason, message) => ({ refused: { status, reason, message } });

/**
 * The creation's verdict, from its headers alone.
 * @param {{ uploadLength: string | undefined, deferLength: string | undefined, uploadMetadata: string | undefined, concat: string | undefined }} headers
 * @param {readonly FileFieldRules[]} fields the current programme's file fields
 * @returns {{ accepted: Creation } | { refused: CreationRefusal }}
 */
export function checkCreation({ uploadLength, deferLength, uploadMetadata, concat }, fields) {
  if (concat !== undefined) return refused(400, 'upload concatenation', 'Uploads are not concatenated here: send each file as one upload.');
  if (deferLength !== undefined || uploadLength === undefined)
    return refused(400, 'upload length missing', "Send Upload-Length, the file's size in bytes: uploads of unknown length are not taken.");
  if (!LENGTH.test(uploadLength)) return refused(400, 'bad upload length', 'Upload-Length must be a whole number of bytes.');
  const length = Number(uploadLength);
  if (length === 0) return refused(400, 'empty upload', 'The file is empty.');
  const metadata = uploadMetadata === undefined ? null : parseUploadMetadata(uploadMetadata);
  if (!metadata || KEYS.some((key) => !metadata[key])) {
    return refused(400, 'bad upload metadata', 'Upload-Metadata must carry filename, filetype, sha256 and field, each once, base64-encoded, and nothing else.');
  }
  const { filename = '', filetype = '', sha256 = '', field: key = '' } = metadata;
  if (filename.length > MAX_FILENAME_LENGTH || CONTROL.test(filename) || filename.trim() === '') {
    return refused(400, 'bad upload file name', `The file name must be 1 to ${String(MAX_FILENAME_LENGTH)} characters, without control characters.`);
  }
  if (!SHA256.test(sha256)) return refused(400, 'bad upload sha256', "sha256 must be the file's SHA-256, 64 lower-case hexadecimal digits.");
  if (!MIME.test(filetype)) return refused(400, 'bad upload file type', 'filetype must be a MIME type such as image/jpeg.');
  const field = fields.find((each) => each.key === key);
  if (!field) return refused(400, 'not a file field', 'field must name a file field of the programme.');
  if (length > field.maxBytes) return refused(413, "upload over the field's maximum", `A file of this field is at most ${String(field.maxBytes)} bytes.`);
  if (!acceptsType(field.accept, filetype)) return refused(415, 'upload type not accepted', `This field accepts ${field.accept.join(', ')}.`);
  return { accepted: { field, length, metadata: { filename, filetype, sha256, field: key } } };
}
