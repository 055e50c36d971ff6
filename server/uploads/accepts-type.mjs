// Whether a MIME type (declared at an upload's creation, or judged from a file's bytes at the PUT)
// is one a file field accepts: the page's rule, src/application/rules/file-fields.ts's acceptsType,
// for the receiver's own modules, which load no TypeScript (a test holds the two to the same
// answers): `image/*` accepts any image/…; parameters (`; charset=…`) and case are ignored.

/**
 * @typedef {import('../../src/application/rules/file-fields.ts').FileFieldRules} FileFieldRules
 *   one file field of the programme, as ReceiverRules.fileFields lists them: the page's type, named, not copied
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
