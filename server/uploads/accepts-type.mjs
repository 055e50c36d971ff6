// Whether a declared MIME type is one a file field accepts. The same pure rule as
// src/application/rules/file-fields.ts's acceptsType (FILES-CONTRACT.md), written here because
// that file is not in this branch yet: `image/*` accepts any image/…; parameters (`; charset=…`)
// and case are ignored. When src/application/rules/file-fields.ts lands, the receiver rules'
// bundle carries it and this copy can go.

/**
 * @typedef {{ key: string, accept: readonly string[], maxFiles: number, maxBytes: number, required: boolean, imageMaxEdge: number }} FileFieldRules
 *   one file field of the programme, as ReceiverRules.fileFields lists them (src/application/rules/file-fields.ts)
 */

const TOKEN = /^[a-z0-9!#$&^_.+-]+$/;

/**
 * @param {readonly string[]} accept the field's `accept`
 * @param {string} mime the type the client declared
 */
export function acceptsType(accept, mime) {
  const [type = '', subtype = '', ...rest] = (mime.split(';')[0] ?? '').trim().toLowerCase().split('/');
  if (rest.length > 0 || !TOKEN.test(type) || !TOKEN.test(subtype)) return false;
  return accept.some((entry) => {
    const [acceptedType, acceptedSubtype] = entry.trim().toLowerCase().split('/');
    return acceptedType === type && (acceptedSubtype === '*' || acceptedSubtype === subtype);
  });
}
