/**
 * The bounds of a file field that config.json's schema checks (form-config-schema.ts) and the
 * rules fill in (file-fields.ts): apart from both, since the rules read the schema's types and the
 * schema reads these, and neither should need the other to load. Pure constants.
 */

/** A photo's longest edge after it is made smaller, when the field does not say. */
export const DEFAULT_IMAGE_MAX_EDGE = 2560;
export const MIN_IMAGE_MAX_EDGE = 320;
export const MAX_IMAGE_MAX_EDGE = 8192;
/** More files than this in one field is no longer a question a creator answers on a phone. */
export const MAX_FILES_PER_FIELD = 20;
/** 2 GiB: the largest file the receiver takes (and a browser reads into memory at once to hash it). */
export const RECEIVER_MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * A MIME type or a whole kind (RFC 6838 §4.2: a restricted name each side of the slash), without
 * parameters: `image/jpeg`, `application/vnd.ms-excel`, `image/*`; never `*` alone or `*\/*`.
 */
// Letters of either case written out, not the `i` flag: the JSON Schema's pattern carries no flags.
export const MEDIA_RANGE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/(\*|[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126})$/;

/** The path of a file field: a detail question's, fields.single.<name> (a pattern, so the JSON Schema has it too). */
export const FILE_FIELD_PATH = /^fields\.single\.[A-Za-z][A-Za-z0-9_]*$/;
