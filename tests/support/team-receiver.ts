/**
 * A receiver for the team room's tests: started in this process (receiver-fixture.ts) with its
 * mail going to a real SMTP server (scripts/mail-catcher.mjs), a clock the test moves, every log
 * line and request kept, and the steps a member's browser takes: ask for a link, take it from the
 * e-mail, press "Sign in", and send the cookie and the page's Origin with each request.
 */
import { execFile as execFileCallback } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startMailCatcher } from '../../scripts/mail-catcher.mjs';
import type { RequestEntry } from '../../server/log/server-log.mjs';
import type { MailSettings } from '../../server/mail/mail-settings.mjs';
import type { StartOptions } from '../../server/start-options.mjs';
import { rawRequest, type RawAnswer } from './http-request';
import { until } from './mail-outbox-rows';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from './receiver-fixture';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const execFile = promisify(execFileCallback);

export type Catcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** Enough for a test's sign-ins from one address; the rate limit's own test sets its windows. */
const ROOMY_WINDOWS = { perClient: [{ points: 1000, durationSeconds: 60 }], perAddress: [{ points: 1000, durationSeconds: 60 }] };

export function mailSettingsFor(port: number): MailSettings {
  return {
    host: '127.0.0.1',
    port,
    secure: false,
    user: null,
    password: null,
    from: 'Programme team <team@example.com>',
    fromAddress: 'team@example.com',
    timeoutMs: 2000,
    giveUpAfterMs: 60_000,
    firstRetryMs: 100,
  };
}

export interface TeamReceiver {
  receiver: StartedReceiver;
  catcher: Catcher | null;
  /** The page's own origin, as its Origin header names it. */
  origin: string;
  logs: string[];
  requests: RequestEntry[];
  /** Moves the receiver's clock on. */
  advance: (ms: number) => void;
  call: (
    method: string,
    path: string,
    options?: { cookie?: string | null; origin?: string | null; body?: unknown; headers?: Array<[string, string]> },
  ) => Promise<RawAnswer>;
  /** Asks for a link for the address (its answer), from the page's origin. */
  askLink: (email: string) => Promise<RawAnswer>;
  /** The token of the newest e-mail to the address, waiting for it. */
  tokenMailedTo: (email: string, count?: number) => Promise<string>;
  /** Signs a member in through their link: the session's cookie (name=value). */
  signIn: (email: string) => Promise<string>;
  cli: (...words: string[]) => Promise<string>;
  stop: () => Promise<void>;
}

export function cookieOf(answer: RawAnswer): string {
  const header = answer.headers['set-cookie'];
  const line = Array.isArray(header) ? header[0] : header;
  return (line ?? '').split(';')[0] ?? '';
}

export async function startTeamReceiver(
  options: {
    mail?: boolean;
    databaseUrl?: string;
    dataDir?: string;
    trustProxy?: string;
    publicOrigin?: string;
    team?: StartOptions['team'];
    catcher?: Catcher;
  } = {},
): Promise<TeamReceiver> {
  const catcher = options.mail === false ? null : (options.catcher ?? (await startMailCatcher()));
  let offset = 0;
  const logs: string[] = [];
  const requests: RequestEntry[] = [];
  const receiver = await startTestReceiver({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    trustProxy: options.trustProxy,
    publicOrigin: options.publicOrigin,
    mail: catcher ? mailSettingsFor(catcher.port) : null,
    log: (line) => logs.push(line),
    logRequest: (entry) => requests.push(entry),
    team: { now: () => new Date(Date.now() + offset), signInWindows: ROOMY_WINDOWS, ...options.team },
  });
  const origin = options.publicOrigin ?? receiver.url;
  const call: TeamReceiver['call'] = (method, path, { cookie = null, origin: from = origin, body, headers = [] } = {}) =>
    rawRequest(`${receiver.url}${path}`, {
      method,
      headers: [
        ...(cookie ? [['Cookie', cookie] as [string, string]] : []),
        ...(from ? [['Origin', from] as [string, string]] : []),
        ...(body === undefined ? [] : [['Content-Type', 'application/json'] as [string, string]]),
        ...headers,
      ],
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const askLink = (email: string) => call('POST', '/team/api/sign-in', { body: { email } });
  const tokenMailedTo = async (email: string, count = 1) => {
    if (!catcher) throw new Error('mail is off');
    const mine = () => catcher.mails.filter((mail) => mail.to.includes(email));
    await until(() => mine().length >= count, 10_000);
    const token = /\/team\/sign-in#([A-Za-z0-9_-]{43})/.exec(mine().at(-1)?.text ?? '')?.[1];
    if (!token) throw new Error('no link in the e-mail');
    return token;
  };
  const cli = async (...words: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: receiver.dataDir };
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
    return (await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...words], { cwd: ROOT, env })).stdout;
  };
  return {
    receiver,
    catcher,
    origin,
    logs,
    requests,
    call,
    askLink,
    tokenMailedTo,
    cli,
    advance: (ms) => {
      offset += ms;
    },
    async signIn(email) {
      const before = catcher?.mails.filter((mail) => mail.to.includes(email)).length ?? 0;
      const asked = await askLink(email);
      if (asked.status !== 202) throw new Error(`sign-in answered ${String(asked.status)}`);
      const token = await tokenMailedTo(email, before + 1);
      const opened = await call('POST', '/team/api/session', { body: { token } });
      if (opened.status !== 201) throw new Error(`session answered ${String(opened.status)} ${opened.text}`);
      return cookieOf(opened);
    },
    async stop() {
      await stopTestReceiver(receiver);
      if (!options.catcher) await catcher?.close();
    },
  };
}
