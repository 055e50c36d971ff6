// What the uploads' endpoint says of tus 1.0 itself (tus-endpoint.mjs): the version it speaks, the
// headers a page may send and read across origins, and the log's reason for each refusal
// @tus/server answers on its own.
import { CORS_REQUEST_HEADERS } from '../http/cors.mjs';

/** The one version of tus spoken here. */
export const TUS_VERSION = '1.0.0';
export const TUS_REQUEST_HEADERS = `${CORS_REQUEST_HEADERS}, Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset, Upload-Defer-Length, Upload-Concat`;
export const TUS_EXPOSED_HEADERS =
  'Location, Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size, Upload-Offset, Upload-Length, Upload-Metadata, Upload-Expires, Retry-After';

/** @type {Record<number, string>} the log's reason for each refusal @tus/server answers itself */
const PROTOCOL_REASONS = {
  400: 'bad tus request',
  404: 'no such upload',
  409: 'upload offset mismatch',
  410: 'upload gone',
  412: 'tus version missing',
  413: 'upload body over its length',
  415: 'not an upload body',
  460: 'upload checksum mismatch',
  500: 'upload store failed',
  503: "disk under the uploads' floor",
};

/**
 * The log's reason for a refusal @tus/server answered: its 403 stands for two missing headers,
 * told apart here (it checks Upload-Offset first).
 * @param {import('node:http').IncomingMessage} req
 * @param {number} status
 */
export function protocolReason(req, status) {
  if (status === 403) return req.headers['upload-offset'] === undefined ? 'upload offset missing' : 'upload content type missing';
  return PROTOCOL_REASONS[status] ?? 'upload refused';
}
