/**
 * `npm run dev`'s receiver, as a Vite plugin: the dev server forwards every path the page reaches
 * the receiver at (the programme's requestUrl, /api/applications; the drafts in transit beside
 * it, /api/drafts/{id}; the proof-of-work challenge, /api/challenge) to the real receiver
 * (server/start-server.mjs), started on a free port with its own data folder, so a contributor
 * can send an application, see it refused or failing, see it retried, and continue on another
 * device while editing the code. Without it those requests got Vite's own 404, which the app
 * rightly treats as a refusal, so nothing could be sent from the development loop at all.
 *
 * The receiver reads the wizard's rules from src/ through Vite (no `npm run build` needed first)
 * and the programme from public/config.json. DEV_RECEIVER=off leaves it out (a programme whose
 * requestUrl points elsewhere); DEV_DATA_DIR names its folder (data-dev by default).
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Plugin, ViteDevServer } from 'vite';
import { startServer } from '../server/start-server.mjs';
import type { ReceiverRules } from '../src/config/receiver-rules.ts';

type Receiver = Awaited<ReturnType<typeof startServer>>;

/**
 * The paths the page reaches the receiver at, as the started receiver reports them (so they follow
 * the programme's requestUrl): a path ending in `/` is a prefix (the drafts, then their id).
 */
function receiverPaths(receiver: Pick<Receiver, 'path' | 'draftsPath' | 'challengePath' | 'statusPath'>): string[] {
  return [receiver.path, receiver.draftsPath, receiver.challengePath, receiver.statusPath];
}

/** Whether the request for `url` goes to one of `paths`: that path, below it, or with a query. */
function isReceiverRequest(url: string, paths: readonly string[]): boolean {
  const { pathname } = new URL(url, 'http://localhost');
  return paths.some((path) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`));
}

/** Starts the receiver on an ephemeral port; the dev server's proxy then forwards to it. */
async function startReceiver(server: ViteDevServer): Promise<Receiver> {
  const module = (await server.ssrLoadModule('/src/config/receiver-rules.ts')) as { receiverRules: (config: unknown) => ReceiverRules };
  const draftId = (await server.ssrLoadModule('/src/handover/draft-id.ts')) as { DRAFT_ID: RegExp };
  return startServer({
    root: server.config.publicDir,
    port: 0,
    dataDir: process.env.DEV_DATA_DIR ?? 'data-dev',
    receiverRules: module.receiverRules,
    draftId: draftId.DRAFT_ID,
    log: (line) => {
      server.config.logger.info(`receiver: ${line}`);
    },
  });
}

export function devReceiver(): Plugin {
  return {
    name: 'dev-receiver',
    // The dev server only: not a build, not `vite preview`, not Vitest (which runs in mode "test").
    apply: (_config, env) => env.command === 'serve' && !env.isPreview && env.mode === 'development' && process.env.DEV_RECEIVER !== 'off',
    configureServer(server) {
      const started = startReceiver(server);
      started.then(
        (running) => {
          server.config.logger.info(
            `  ➜  Receiver: PUT ${running.path} → ${running.url} (applications kept in ${process.env.DEV_DATA_DIR ?? 'data-dev'}/; drafts at ${running.draftsPath}…, challenges at ${running.challengePath}, status at ${running.statusPath})`,
          );
        },
        (error: unknown) => {
          server.config.logger.error(`receiver: not started, so a PUT gets Vite's 404: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
      server.httpServer?.once('close', () => {
        void started
          .then(async (running) => {
            await running.close();
          })
          .catch(() => undefined);
      });
      // Forwarded by hand rather than through `server.proxy`, whose target must be known before
      // the receiver has chosen its port. A request that comes before it is listening waits for it.
      server.middlewares.use((req, res, next) => {
        started.then(
          (running) => {
            if (isReceiverRequest(req.url ?? '/', receiverPaths(running))) void forward(req, res, running.url);
            else next();
          },
          () => {
            next();
          },
        );
      });
    },
  };
}

/** Sends the request on to the receiver unchanged (Host and Origin kept, so it counts as the page's own origin) and pipes its answer back. */
function forward(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
  return new Promise((resolve) => {
    const upstream = httpRequest(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', resolve);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('The development receiver is not answering.');
      resolve();
    });
    req.pipe(upstream);
  });
}
