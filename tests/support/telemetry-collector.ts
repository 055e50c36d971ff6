/**
 * A local stand-in for the analytics host and the error-reporting DSN's host: another origin,
 * as the real services are, answering CORS and recording what arrives, decoded. It can also
 * fail on demand (a status, or dropped connections as an ad blocker or a dead host would).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface AnalyticsEvent {
  event: string;
  properties: Record<string, unknown>;
}

export interface ErrorEnvelopeItem {
  type: string;
  payload: Record<string, unknown>;
}

export type CollectorFailure = { status: number } | 'drop' | null;

const SENTRY_PROJECT = '42';

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** posthog sends JSON, gzip (by content, whatever the URL says) or base64 form data ("data=…"). */
function decodeAnalytics(raw: Buffer, url: URL): string {
  const gzipped = raw[0] === GZIP_MAGIC[0] && raw[1] === GZIP_MAGIC[1];
  let text = gzipped ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  if (text.startsWith('data=')) {
    const data = new URLSearchParams(text).get('data') ?? '';
    text = url.searchParams.get('compression') === 'base64' || !data.trim().startsWith('{') ? Buffer.from(data, 'base64').toString('utf8') : data;
  }
  return text;
}

function asEvents(parsed: unknown): AnalyticsEvent[] {
  const list = Array.isArray(parsed) ? parsed : ((parsed as { batch?: unknown[] }).batch ?? [parsed]);
  return list.filter((item): item is AnalyticsEvent => typeof (item as AnalyticsEvent | null)?.event === 'string');
}

/** A Sentry envelope: a header line, then item header and payload lines. */
function parseEnvelope(text: string): ErrorEnvelopeItem[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const items: ErrorEnvelopeItem[] = [];
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const header = JSON.parse(lines[index] ?? '{}') as { type?: string };
    items.push({ type: header.type ?? '', payload: JSON.parse(lines[index + 1] ?? '{}') as Record<string, unknown> });
  }
  return items;
}

export class TelemetryCollector {
  readonly analyticsEvents: AnalyticsEvent[] = [];
  readonly errorItems: ErrorEnvelopeItem[] = [];
  /** Every request body, decoded to text, to search for anything personal. */
  readonly payloads: string[] = [];
  requestCount = 0;
  private failure: CollectorFailure = null;
  private readonly server: Server;
  url = '';

  private constructor() {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
  }

  static async start(): Promise<TelemetryCollector> {
    const collector = new TelemetryCollector();
    await new Promise<void>((resolve) => collector.server.listen(0, '127.0.0.1', resolve));
    const { port } = collector.server.address() as AddressInfo;
    collector.url = `http://127.0.0.1:${String(port)}`;
    return collector;
  }

  /** The DSN whose host is this server. */
  get dsn(): string {
    return `${this.url.replace('//', '//publickey@')}/${SENTRY_PROJECT}`;
  }

  /** Errors (not transactions or spans) that arrived. */
  get errorEvents(): Array<Record<string, unknown>> {
    return this.errorItems.filter((item) => item.type === 'event').map((item) => item.payload);
  }

  /** From now on every request fails this way (null: answers normally again). */
  failWith(failure: CollectorFailure): void {
    this.failure = failure;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    this.requestCount += 1;
    const raw = await readRaw(req);
    const failure = this.failure;
    if (failure === 'drop') {
      req.socket.destroy();
      return;
    }
    const url = new URL(req.url ?? '/', this.url);
    try {
      if (url.pathname === `/api/${SENTRY_PROJECT}/envelope/`) {
        const text = raw.toString('utf8');
        this.payloads.push(text + url.search);
        if (!failure) this.errorItems.push(...parseEnvelope(text));
      } else if (raw.length > 0) {
        const text = decodeAnalytics(raw, url);
        this.payloads.push(text + url.search);
        if (!failure) this.analyticsEvents.push(...asEvents(JSON.parse(text)));
      }
    } catch (error) {
      this.payloads.push(`undecodable ${url.pathname}: ${String(error)}`);
    }
    if (failure) res.writeHead(failure.status).end();
    else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":1}');
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
  }
}
