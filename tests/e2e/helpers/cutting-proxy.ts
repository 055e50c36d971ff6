import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A plain HTTP proxy in front of a real receiver, as a flaky mobile connection sits between a
 * phone and the server: it forwards every request as it is, counts the body bytes of every upload
 * PATCH that passed through it (sent, whether or not the receiver acknowledged them), and on demand
 * cuts the next PATCH mid-body: both connections dropped after a number of body bytes, with no
 * answer, like a train going into a tunnel.
 */
export interface CuttingProxy {
  /** The proxy's origin: the page is opened here. */
  readonly url: string;
  /** Body bytes of upload PATCHes that reached the proxy, cut ones included. */
  readonly patchBytes: number;
  /** How many PATCHes were cut so far. */
  readonly cuts: number;
  /** Cuts the next PATCH under `pathPrefix` after `afterBytes` of its body. */
  cutNextPatch: (afterBytes: number) => void;
  /** Resolves once the armed cut has happened. */
  cutDone: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startCuttingProxy(target: string, pathPrefix = '/api/uploads/'): Promise<CuttingProxy> {
  const upstream = new URL(target);
  let patchBytes = 0;
  let cuts = 0;
  let armed: number | null = null;
  let onCut: (() => void) | null = null;
  let cutHappened: Promise<void> = Promise.resolve();

  function forward(req: IncomingMessage, res: ServerResponse): void {
    const isPatch = req.method === 'PATCH' && (req.url ?? '').startsWith(pathPrefix);
    const cutAfter = isPatch ? armed : null;
    if (cutAfter !== null) armed = null;
    const outgoing = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    outgoing.on('error', () => {
      res.destroy();
    });
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      if (isPatch) patchBytes += chunk.length;
      seen += chunk.length;
      if (cutAfter !== null && seen >= cutAfter) {
        // Only what came before the cut goes on; then both sides lose their connection at once.
        const keep = chunk.length - (seen - cutAfter);
        if (keep > 0) outgoing.write(chunk.subarray(0, keep));
        if (isPatch) patchBytes -= chunk.length - Math.max(keep, 0);
        cuts += 1;
        req.socket.destroy();
        outgoing.destroy();
        onCut?.();
        onCut = null;
        return;
      }
      if (!outgoing.destroyed) outgoing.write(chunk);
    });
    req.on('end', () => {
      if (!outgoing.destroyed) outgoing.end();
    });
    req.on('error', () => {
      outgoing.destroy();
    });
  }

  const server: Server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    get patchBytes() {
      return patchBytes;
    },
    get cuts() {
      return cuts;
    },
    cutNextPatch(afterBytes) {
      armed = afterBytes;
      cutHappened = new Promise<void>((resolve) => {
        onCut = resolve;
      });
    },
    cutDone: () => cutHappened,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
