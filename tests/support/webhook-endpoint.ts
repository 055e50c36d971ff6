/**
 * A real HTTP endpoint for the webhooks' tests, standing in for the team's (Zapier, n8n, a CRM):
 * it records every request it gets (headers, body, when) and answers as the test says, request by
 * request: accept (204), fail (500), hang (never answers) or close (drops the connection unanswered).
 * A test can also script one application's webhooks (by the payload's data.id), whatever order the
 * receiver sends them in among the others'.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type EndpointBehaviour = 'accept' | 'fail' | 'hang' | 'close';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  answered: EndpointBehaviour;
}

export interface WebhookEndpoint {
  url: string;
  received: ReceivedWebhook[];
  /** How the next requests are answered, in turn; once used up, `otherwise`. */
  script: (behaviours: EndpointBehaviour[], otherwise?: EndpointBehaviour) => void;
  /** How the next webhooks of application `id` are answered, in turn, before the script above. */
  scriptFor: (id: string, behaviours: EndpointBehaviour[]) => void;
  /** Resolves once `count` requests have arrived. */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
}

/** The application a webhook is about, or '' for a body that is not one of the receiver's. */
function applicationIdOf(body: string): string {
  try {
    const id = (JSON.parse(body) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'string' ? id : '';
  } catch {
    return '';
  }
}

export async function startWebhookEndpoint(otherwise: EndpointBehaviour = 'accept'): Promise<WebhookEndpoint> {
  let queue: EndpointBehaviour[] = [];
  let fallback = otherwise;
  const perApplication = new Map<string, EndpointBehaviour[]>();
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<ServerResponse>();
  let waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answered = perApplication.get(applicationIdOf(body))?.shift() ?? queue.shift() ?? fallback;
      received.push({ headers: req.headers, body, at: Date.now(), answered });
      for (const wake of waiters) wake();
      if (answered === 'accept') res.writeHead(204).end();
      else if (answered === 'fail') res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error: the CRM is down');
      else if (answered === 'close') req.socket.destroy();
      else hanging.add(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/hooks/applications`,
    received,
    script(behaviours, next = fallback) {
      queue = [...behaviours];
      fallback = next;
    },
    scriptFor(id, behaviours) {
      perApplication.set(id, [...behaviours]);
    },
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return false;
          clearTimeout(timer);
          waiters = waiters.filter((waiter) => waiter !== check);
          resolve(received.slice());
          return true;
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== check);
          reject(new Error(`the endpoint got ${String(received.length)} of ${String(count)} webhooks in ${String(timeoutMs)} ms`));
        }, timeoutMs);
        if (!check()) waiters.push(check);
      });
    },
    async close() {
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
