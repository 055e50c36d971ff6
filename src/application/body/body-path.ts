/**
 * A part of a path naming a place in a received body. A key the body format has is a plain name
 * and is kept (`personalInfo.nickname`); any other key a client wrote (with a line break, an
 * e-mail address, a NUL) is written `*`, so a 422's paths, and the log line naming them, never
 * carry text a client chose beyond a plain name.
 */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export function bodyPathPart(key: string): string {
  return PLAIN_NAME.test(key) ? key : '*';
}
