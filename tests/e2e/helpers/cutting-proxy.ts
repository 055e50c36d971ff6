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
  /** What went through, in order: each request as it arrived, and as its answer ended (status 0: cut, no answer). */
  readonly log: ReadonlyArray<{ what: 'asked' | 'answered'; method: string; path: string; status: number }>;
  /** Reads upload PATCH bodies at most this fast from now on (null: as fast as they come), as a slow connection does. */
  slowPatches: (bytesPerSecond: number | null) => void;
  /** Cuts the next PATCH under `pathPrefix` after `afterBytes` of its body. */
  cutNextPatch: (afterBytes: number) => void;
  /** Resolves once the armed cut has happened. */
  cutDone: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * `badGatewayWhenDown`: a receiver that cannot be reached (stopped, restarting) gets a 502 answer,
 * as nginx gives (docs/deploy/nginx.conf), rather than a dropped connection.
 */
export async function startCuttingProxy(
  target: string,
  pathPrefix = '/api/uploads/',
  { badGatewayWhenDown = false }: { badGatewayWhenDown?: boolean } = {},
): Promise<CuttingProxy> {
  const upstream = new URL(target);
  let patchBytes = 0;
  let cuts = 0;
  let armed: number | null = null;
  let onCut: (() => void) | null = null;
  let cutHappened: Promise<void> = Promise.resolve();
  let patchRate: number | null = null;
  const log: Array<{ what: 'asked' | 'answered'; method: string; path: string; status: number }> = [];

  function forward(req: IncomingMessage, res: ServerResponse): void {
    const isPatch = req.method === 'PATCH' && (req.url ?? '').startsWith(pathPrefix);
    const cutAfter = isPatch ? armed : null;
    if (cutAfter !== null) armed = null;
    const said = { what: 'answered' as const, method: req.method ?? '', path: req.url ?? '', status: 0 };
    log.push({ ...said, what: 'asked' });
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      log.push(said);
    };
    res.once('finish', end);
    res.once('close', end);
    const outgoing = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      said.status = answer.statusCode ?? 502;
      res.writeHead(said.status, answer.headers);
      answer.pipe(res);
    });
    outgoing.on('error', () => {
      if (!badGatewayWhenDown || res.headersSent) {
        res.destroy();
        return;
      }
      said.status = 502;
      res.writeHead(502, { 'Content-Type': 'text/html', Connection: 'close' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
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
      if (isPatch && patchRate !== null) {
        // Read no faster than the slow connection would carry it: the page's bytes wait in its socket meanwhile.
        req.pause();
        setTimeout(() => req.resume(), (chunk.length / patchRate) * 1000);
      }
    });
    req.on('end', () => {
      if (!outgoing.destroyed) outgoing.end();
    });
    // The page went away mid-body (a reload, a closed tab): the receiver sees the connection cut too.
    req.on('error', () => {
      outgoing.destroy();
    });
    req.on('close', () => {
      if (!req.complete) outgoing.destroy();
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
    log,
    slowPatches(bytesPerSecond) {
      patchRate = bytesPerSecond;
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
