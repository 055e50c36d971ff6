// @vitest-environment node
// `team add|role|list|remove` and `audit` from the applications CLI on the embedded store: through
// the receiver running on it (its admin door), and on the folder itself when none runs. Every
// change is the CLI's in the audit log; refusals are errors (exit 1) that say why.
import { execFile as execFileCallback } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { preparedDataDir } from '../../../support/prepared-data-dir';
import { startTeamReceiver } from '../../../support/team-receiver';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const execFile = promisify(execFileCallback);

async function cliOn(dataDir: string, ...words: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return (await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...words], { cwd: ROOT, env })).stdout;
}

describe('the team CLI on the embedded store', () => {
  it('adds, lists, changes, removes and prints the audit log through the running receiver; the member then signs in', async () => {
    const team = await startTeamReceiver();
    try {
      expect(await team.cli('team', 'list')).toMatch(/no members yet/);
      expect(await team.cli('team', 'add', 'Ada@Example.com', '--role', 'admin')).toBe('Added ada@example.com to the team as admin.\n');
      expect(await team.cli('team', 'add', 'grace@example.com', '--role', 'viewer')).toBe('Added grace@example.com to the team as viewer.\n');
      await expect(team.cli('team', 'add', 'grace@example.com', '--role', 'admin')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/already a member/) as unknown,
      });
      await expect(team.cli('team', 'add', 'nobody', '--role', 'admin')).rejects.toMatchObject({ code: 1 });
      await expect(team.cli('team', 'add', 'x@example.com', '--role', 'owner')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/--role viewer, reviewer or admin/) as unknown,
      });
      await expect(team.cli('team', 'add', 'x@example.com')).rejects.toMatchObject({ code: 1 });
      expect(await team.cli('team', 'role', 'grace@example.com', '--role', 'reviewer')).toBe('grace@example.com is now reviewer.\n');
      const listed = await team.cli('team', 'list');
      expect(listed).toMatch(/^ada@example\.com {2}admin {2}added \d{4}-\S+\ngrace@example\.com {2}reviewer {2}added \d{4}-\S+\n$/);
      const cookie = await team.signIn('grace@example.com');
      expect(await team.cli('team', 'remove', 'grace@example.com')).toMatch(/Removed grace@example.com from the team; their sessions have ended/);
      expect((await team.call('GET', '/team/api/session', { cookie })).status).toBe(401);
      await expect(team.cli('team', 'remove', 'grace@example.com')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/not a member/) as unknown,
      });
      await expect(team.cli('team', 'remove', 'ada@example.com')).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/last admin/) as unknown });
      const audit = (await team.cli('audit')).trimEnd().split('\n');
      expect(audit.map((line) => line.replace(/^\d+ {2}\S+ {2}/, ''))).toEqual([
        'cli  member-added  {"email":"ada@example.com","role":"admin"}',
        'cli  member-added  {"email":"grace@example.com","role":"viewer"}',
        'cli  member-role-changed  {"email":"grace@example.com","from":"viewer","to":"reviewer"}',
        'grace@example.com  sign-in  {"method":"link"}',
        'cli  member-removed  {"email":"grace@example.com","role":"reviewer"}',
      ]);
      expect((await team.cli('audit', '--limit', '2')).trimEnd().split('\n')).toHaveLength(2);
      await expect(team.cli('audit', '--limit', '0')).rejects.toMatchObject({ code: 1 });
    } finally {
      await team.stop();
    }
  }, 120_000);

  it('works on the folder itself when no receiver runs on it', async () => {
    const dataDir = await preparedDataDir('team-cli-');
    try {
      expect(await cliOn(dataDir, 'team', 'add', 'ada@example.com', '--role', 'admin')).toContain('Added ada@example.com');
      expect(await cliOn(dataDir, 'team', 'list')).toMatch(/^ada@example\.com {2}admin/);
      await expect(cliOn(dataDir, 'team', 'role', 'ada@example.com', '--role', 'viewer')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/last admin/) as unknown,
      });
      expect(await cliOn(dataDir, 'audit')).toMatch(/ {2}cli {2}member-added {2}\{"email":"ada@example.com","role":"admin"\}\n$/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
