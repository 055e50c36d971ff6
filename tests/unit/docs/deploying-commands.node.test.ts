// @vitest-environment node
// docs/deploying.md walks a deployer from a fresh server to a running programme: every command in
// its shell blocks is either the server's administration, which a person does as root and no test
// can do here (ADMINISTRATION, named in the guide too), or is run: here, in a temporary copy of the
// project (RUN_HERE), or by a named test or a script the tests call (RUN_ELSEWHERE). A command
// added to the guide that is neither fails this test, and so does an entry here the guide no
// longer has, so the guide cannot drift from the product.
import { execFile as execFileCallback } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../support/http-request';
import { startTestReceiver, stopTestReceiver } from '../../support/receiver-fixture';
import { sampleBody } from '../../support/sample-application.mjs';
import { preparedDataDir } from '../../support/prepared-data-dir';

const execFile = promisify(execFileCallback);
const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), '../../..'));
const GUIDE = readFileSync(join(ROOT, 'docs/deploying.md'), 'utf8');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };

/** A command of the guide: what runs, and the environment its line gives it (`env DATA_DIR=…`). */
interface Command {
  line: string;
  run: string;
  env: Record<string, string>;
}

/** The parts of a shell line outside quotes, split where one command ends: `&&`, `||`, `;`, `|`; a comment dropped. */
function commandsOf(line: string): string[] {
  const commands: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index] ?? '';
    if (quote) {
      if (character === quote) quote = null;
      current += character;
    } else if (character === '"' || character === "'") {
      quote = character;
      current += character;
    } else if (character === '#' && (current === '' || /\s$/.test(current))) {
      break;
    } else if (character === ';' || character === '|' || (character === '&' && line[index + 1] === '&')) {
      commands.push(current);
      current = '';
      if (line[index + 1] === character) index += 1;
    } else current += character;
  }
  commands.push(current);
  return commands.map((command) => command.trim()).filter(Boolean);
}

/** Every command of the guide's ```sh blocks, with `runuser -u USER --` and `env NAME=VALUE` taken off the front. */
function guideCommands(): Command[] {
  const blocks = [...GUIDE.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
  return blocks.flatMap((block) =>
    block.split('\n').flatMap((line) =>
      commandsOf(line).map((command) => {
        let run = command.replace(/^runuser -u \S+ -- /, '');
        const env: Record<string, string> = {};
        const withEnv = /^env ((?:[A-Z_]+=\S+ )+)/.exec(run);
        if (withEnv) {
          for (const setting of (withEnv[1] ?? '').trim().split(' ')) {
            const [name = '', value = ''] = setting.split('=');
            env[name] = value;
          }
          run = run.slice(withEnv[0].length);
        }
        return { line, run, env };
      }),
    ),
  );
}

/**
 * What a person does as root on a server, which no test can do on this machine: packages, the
 * service's user and files under /etc, systemd, nginx's own check, the certificate. docs/deploying.md
 * names these programs in "From a fresh server to a running programme".
 */
const ADMINISTRATION: readonly RegExp[] = [
  /^apt-get (update|install -y .+)$/,
  /^curl -fsSL https:\/\/deb\.nodesource\.com\/setup_20\.x -o \/tmp\/nodesource_setup\.sh$/,
  /^bash \/tmp\/nodesource_setup\.sh$/,
  /^git clone \S+ \/srv\/creator-wizard$/,
  /^cd \/srv\/creator-wizard$/,
  /^useradd --system /,
  /^cp docs\/deploy\/\S+ \/etc\//,
  /^ln -s \/etc\/nginx\/sites-available\/creator-wizard \/etc\/nginx\/sites-enabled\/$/,
  /^systemctl (daemon-reload|enable --now creator-wizard|reload nginx)$/,
  /^journalctl -u creator-wizard$/,
  /^nginx -t$/,
  /^certbot certonly /,
];

/** Commands a named test, or a script the tests call, runs (or proves, for an install): the file, and what in it shows it. */
const RUN_ELSEWHERE: Readonly<Record<string, { file: string; shows: string }>> = {
  // CI's script installs the dependencies with it before running every test.
  'npm ci': { file: '.ci/run', shows: '\nnpm ci ' },
  // Everything the server imports is a production dependency.
  'npm ci --omit=dev': { file: 'tests/unit/server/start/production-dependencies.node.test.ts', shows: 'npm ci --omit=dev' },
  // `npm run test:e2e` builds with it, then the end-to-end tests serve that build.
  'npm run build': { file: 'package.json', shows: '"test:e2e": "node scripts/require-chromium.mjs && npm run -s build && ' },
  // The receiver's process tests and the nginx test start what `npm run serve` runs (checked below).
  'npm run serve': { file: 'tests/support/receiver-process.ts', shows: "'server/serve.mjs'" },
  // The health checks' test asks /readyz of a running receiver, on both stores, and with PostgreSQL stopped.
  'curl -fsS http://127.0.0.1:4173/readyz': { file: 'tests/unit/server/health/health.node.test.ts', shows: 'rawRequest(`${receiver.url}/readyz' },
  // The kill switch's end-to-end test serves it as sw.js.
  'cp sw/kill-switch.js dist/sw.js': { file: 'tests/support/test-app.ts', shows: "cp(KILL_SWITCH, join(this.root, 'sw.js'))" },
};

/** A folder standing in for the project on a server: its code linked, a dist/ and a data folder of its own. */
async function projectCopy(): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'deploying-commands-'));
  for (const name of ['package.json', 'node_modules', 'scripts', 'server', 'src', 'public', 'sw']) await symlink(join(ROOT, name), join(copy, name));
  await mkdir(join(copy, 'dist'));
  await writeFile(join(copy, 'dist/config.json'), await readFile(join(ROOT, 'public/config.json'), 'utf8'));
  await writeFile(join(copy, 'dist/index.html'), '<!doctype html><html lang="en"><title>x</title><script>window.started = true</script></html>');
  return copy;
}

let copy = '';
beforeAll(async () => {
  copy = await projectCopy();
});
afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

/** Runs a documented command in the project's copy, as a deployer's shell would: its output and exit code. */
async function run(command: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && name !== 'DATA_DIR'));
  try {
    const { stdout, stderr } = await execFile('sh', ['-c', command], { cwd: copy, env: { ...base, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Commands run here, each checked for what the guide says it does. */
const RUN_HERE: Readonly<Record<string, (command: Command) => Promise<void>>> = {
  async 'node --version'({ run: command }) {
    const minimum = PACKAGE.engines.node.replace(/^>=/, '');
    expect(GUIDE).toContain(`node --version    # v${minimum}.0 or later`);
    const [major = 0, minor = 0] = (await run(command)).stdout.trim().replace(/^v/, '').split('.').map(Number);
    const [needMajor = 0, needMinor = 0] = minimum.split('.').map(Number);
    expect(major > needMajor || (major === needMajor && minor >= needMinor), `node ${String(major)}.${String(minor)}`).toBe(true);
  },
  async 'npm run -s check-config'({ run: command }) {
    expect(await run(command)).toEqual({ code: 0, stdout: 'public/config.json: valid\n', stderr: '' });
  },
  async 'npm run -s check-config -- dist/config.json'({ run: command }) {
    expect(await run(command)).toEqual({ code: 0, stdout: 'dist/config.json: valid\n', stderr: '' });
    // The guide's example of what it prints for requestUrl renamed, word for word.
    const example = /```text\n\$ (.+)\n([\s\S]*?)```/.exec(GUIDE);
    expect(example?.[1]).toBe(command);
    const { requestUrl, ...rest } = JSON.parse(await readFile(join(copy, 'dist/config.json'), 'utf8')) as Record<string, unknown>;
    const served = await readFile(join(copy, 'dist/config.json'), 'utf8');
    try {
      await writeFile(join(copy, 'dist/config.json'), JSON.stringify({ ...rest, submitUrl: requestUrl }));
      const typo = await run(command);
      expect(typo.code).toBe(1);
      expect(typo.stdout + typo.stderr).toBe(example?.[2]);
    } finally {
      await writeFile(join(copy, 'dist/config.json'), served);
    }
  },
  async 'node server/cli/print-csp.mjs dist'({ run: command }) {
    const { code, stdout } = await run(command);
    expect(code).toBe(0);
    const hash = createHash('sha256').update('window.started = true').digest('base64');
    expect(stdout).toMatch(/^default-src 'self'; /);
    expect(stdout).toContain(`script-src 'self' 'sha256-${hash}';`);
  },
  async 'node server/cli/applications-cli.mjs export'({ run: command, env }) {
    expect(env).toEqual({ DATA_DIR: '/var/lib/creator-wizard' });
    const dataDir = await preparedDataDir('deploying-commands-data-');
    try {
      const receiver = await startTestReceiver({ dataDir });
      const put = await rawRequest(`${receiver.url}${receiver.path}`, {
        headers: [
          ['Content-Type', 'application/json'],
          ['Idempotency-Key', 'deploying-1'],
          ['Application-Id', 'deploying-application-1'],
        ],
        body: JSON.stringify(sampleBody({ email: 'deployed@example.com' })),
      });
      expect(put.status).toBe(201);
      // While the server runs (through its admin port), and after it stopped (the folder itself).
      const whileRunning = await run(command, { DATA_DIR: dataDir });
      await stopTestReceiver(receiver, { keepData: true });
      const afterwards = await run(command, { DATA_DIR: dataDir });
      for (const answer of [whileRunning, afterwards]) {
        expect(answer.code).toBe(0);
        const lines = answer.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { body: { personalInfo: { emailAddress: string } } });
        expect(lines.map((application) => application.body.personalInfo.emailAddress)).toEqual(['deployed@example.com']);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

const commands = guideCommands();

describe("docs/deploying.md's commands", () => {
  it("are each the server's administration, run here, or run by a named test", () => {
    expect(commands.length).toBeGreaterThan(20);
    const unproved = commands.filter(
      ({ run: command }) => !ADMINISTRATION.some((pattern) => pattern.test(command)) && !(command in RUN_HERE) && !(command in RUN_ELSEWHERE),
    );
    expect(
      unproved.map(({ line }) => line),
      'commands no test runs: run them in RUN_HERE, or name the test that does in RUN_ELSEWHERE',
    ).toEqual([]);
    // Nothing here that the guide no longer says.
    const said = new Set(commands.map(({ run: command }) => command));
    expect([...Object.keys(RUN_HERE), ...Object.keys(RUN_ELSEWHERE)].filter((command) => !said.has(command))).toEqual([]);
    expect(ADMINISTRATION.filter((pattern) => !commands.some(({ run: command }) => pattern.test(command)))).toEqual([]);
  });

  it.each(Object.entries(RUN_ELSEWHERE))('%s is run by %o', async (_command, { file, shows }) => {
    expect(await readFile(join(ROOT, file), 'utf8')).toContain(shows);
  });

  it('npm run serve is what the tests start', () => {
    expect(PACKAGE.scripts.serve).toBe('node server/serve.mjs');
  });

  it.each(Object.keys(RUN_HERE))(
    '%s does what the guide says',
    async (command) => {
      const documented = commands.find((each) => each.run === command);
      expect(documented).toBeDefined();
      if (documented) await RUN_HERE[command]?.(documented);
    },
    90_000,
  );
});
