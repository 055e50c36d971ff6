/**
 * A real tus 1.0 receiver for the uploads' tests: @tus/server with @tus/file-store on disk (a
 * temporary folder), reached through a TCP relay that counts the bytes the client sends and can
 * cut the connection after a given number of them, as a phone's connection drops mid-body.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import { freePort } from './free-port';

export interface TusReceiver {
  endpoint: string;
  directory: string;
  /** Bytes the page sent through the relay (bodies and headers). */
  sent: () => number;
  /** Cuts the connection once this many more bytes have passed. */
  cutAfter: (bytes: number) => void;
  requests: string[];
  /** The next `count` HEADs are answered `status` (a proxy's 502 while the receiver behind it restarts). */
  failHeads: (count: number, status?: number) => void;
  /** The metadata of every upload created. */
  created: Array<Record<string, string | null>>;
  close: () => Promise<void>;
}

export async function startTusReceiver(options: { maxSize?: number } = {}): Promise<TusReceiver> {
  const directory = await mkdtemp(join(tmpdir(), 'uploads-'));
  const created: Array<Record<string, string | null>> = [];
  const tus = new TusServer({
    path: '/api/uploads',
    datastore: new FileStore({ directory }),
    ...(options.maxSize ? { maxSize: options.maxSize } : {}),
    onUploadCreate: (_req, upload) => {
      created.push(upload.metadata ?? {});
      return Promise.resolve({});
    },
  });
  const requests: string[] = [];
  const failing = { heads: 0, status: 502 };
  const http: HttpServer = createHttpServer((req, res) => {
    requests.push(req.method ?? '');
    if (req.method === 'HEAD' && failing.heads > 0) {
      failing.heads -= 1;
      res.writeHead(failing.status, { 'Content-Type': 'text/html' }).end();
      return;
    }
    void tus.handle(req, res);
  });
  const httpPort = await freePort();
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  let sent = 0;
  let cutAt: number | null = null;
  const sockets = new Set<Socket>();
  const relay: TcpServer = createTcpServer((client) => {
    const upstream = connect(httpPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      if (cutAt !== null && sent + chunk.length >= cutAt) {
        const room = cutAt - sent;
        cutAt = null;
        sent += room;
        upstream.write(chunk.subarray(0, room), () => {
          client.destroy();
          upstream.destroy();
        });
        return;
      }
      sent += chunk.length;
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  const relayPort = await freePort();
  await new Promise<void>((resolve) => relay.listen(relayPort, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${String(relayPort)}/api/uploads`,
    directory,
    sent: () => sent,
    cutAfter: (bytes) => {
      cutAt = sent + bytes;
    },
    requests,
    failHeads: (count, status = 502) => {
      failing.heads = count;
      failing.status = status;
    },
    created,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
      await new Promise((resolve) => http.close(resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
