/** A raw HTTP request for the receiver's tests: any headers (repeated ones too), any body, its answer parsed. */
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

/** localAddress: the source address to send from (Linux lets a client bind any 127.x.y.z), to be another client. */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Array<[string, string]>;
    body?: string | Buffer | AsyncIterable<Buffer>;
    headersOnly?: boolean;
    localAddress?: string;
  } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // A header given twice is sent twice.
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of options.headers ?? []) {
      const before = headers[name];
      headers[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    const req = request(url, { method: options.method ?? 'PUT', headers, ...(options.localAddress ? { localAddress: options.localAddress } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = null;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
      res.on('error', reject);
    });
    // The server may close the connection while a refused body is still being written.
    req.on('error', reject);
    if (options.headersOnly) {
      // Only the headers (with their Content-Length): the answer must come before any of the body.
      req.flushHeaders();
      return;
    }
    const body = options.body;
    if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
      req.end(body);
      return;
    }
    void (async () => {
      try {
        for await (const chunk of body) if (!req.write(chunk)) await new Promise((drained) => req.once('drain', drained));
        req.end();
      } catch {
        req.destroy();
      }
    })();
  });
}
