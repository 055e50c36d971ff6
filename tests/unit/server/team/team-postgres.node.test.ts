// @vitest-environment node
// Two receivers on one PostgreSQL database: a member added by the CLI (directly on the database)
// signs in through one and is signed in on the other with the same cookie; signing out on the
// second ends the session for both; a link asked of one is used once, whichever receives it.
import { afterAll, expect, it } from 'vitest';
import { startMailCatcher } from '../../../../scripts/mail-catcher.mjs';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTeamReceiver } from '../../../support/team-receiver';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the team's PostgreSQL test: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

it.skipIf('reason' in postgres)(
  'shares sessions and links between two receivers on one database',
  async () => {
    const databaseUrl = 'url' in postgres ? postgres.url : '';
    const catcher = await startMailCatcher();
    const first = await startTeamReceiver({ databaseUrl, catcher });
    const second = await startTeamReceiver({ databaseUrl, catcher });
    try {
      expect(await first.cli('team', 'add', 'ada@example.com', '--role', 'reviewer')).toContain('Added ada@example.com');
      expect(await first.cli('team', 'list')).toMatch(/^ada@example\.com {2}reviewer/);
      const cookie = await first.signIn('ada@example.com');
      expect(await second.call('GET', '/team/api/session', { cookie })).toMatchObject({ status: 200, json: { email: 'ada@example.com', role: 'reviewer' } });
      expect((await second.call('DELETE', '/team/api/session', { cookie })).status).toBe(204);
      expect((await first.call('GET', '/team/api/session', { cookie })).status).toBe(401);

      await first.askLink('ada@example.com');
      const token = await first.tokenMailedTo('ada@example.com', 2);
      const presses = await Promise.all([first, second].map((each) => each.call('POST', '/team/api/session', { body: { token } })));
      expect(presses.map((press) => press.status).sort()).toEqual([201, 400]);
      expect(await first.cli('audit', '--limit', '3')).toMatch(
        /ada@example\.com {2}sign-out\n.*ada@example\.com {2}sign-in {2}.*\n.*unknown {2}sign-in-refused {2}\{"reason":"link-not-valid"\}\n$/,
      );
    } finally {
      await first.stop();
      await second.stop();
      await catcher.close();
    }
  },
  120_000,
);
