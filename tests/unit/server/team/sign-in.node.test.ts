// @vitest-environment node
// Sign-in by e-mail link against a real receiver and a real SMTP server: a member and a stranger get
// the same answer in about the same time, and only the member an e-mail (text and HTML, the link on
// the page's origin); the link signs in once, even pressed twice at once, and not after 15
// minutes; malformed addresses, another site's Origin and too many requests are refused; and the
// link's token and the session's id appear in no log line and no stored row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../../../server/team/team-members.mjs';
import { createAudit } from '../../../../server/team/team-audit.mjs';
import { cookieOf, startTeamReceiver, type TeamReceiver } from '../../../support/team-receiver';

let team: TeamReceiver;

async function member(email: string, role: 'viewer' | 'reviewer' | 'admin') {
  const { store } = team.receiver;
  await addMember({ store, audit: createAudit(store, () => new Date()), now: () => new Date() }, { actor: 'test', email, role });
}

beforeAll(async () => {
  team = await startTeamReceiver();
  await member('ada@example.com', 'reviewer');
});
afterAll(async () => {
  await team.stop();
});

describe('asking for a sign-in link', () => {
  it('answers a member and a stranger alike, in about the same time, and mails only the member', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await team.askLink(email);
      return { answer, ms: performance.now() - started };
    };
    const times: Record<string, number[]> = { member: [], stranger: [] };
    // A first request warms the code paths up, so neither side pays for it.
    await timed('warm-up@example.com');
    for (let round = 0; round < 3; round += 1) {
      // Alternating who goes first, so a machine busy with other tests weighs on both alike.
      const [asMember, asStranger] =
        round % 2 === 0
          ? [await timed('Ada@Example.com'), await timed(`stranger${String(round)}@example.com`)]
          : ([await timed(`stranger${String(round)}@example.com`), await timed('Ada@Example.com')].reverse() as [
              Awaited<ReturnType<typeof timed>>,
              Awaited<ReturnType<typeof timed>>,
            ]);
      for (const { answer } of [asMember, asStranger]) {
        expect(answer.status).toBe(202);
        expect(answer.text).toBe('{"sent":true}');
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      times.member!.push(asMember.ms);
      times.stranger!.push(asStranger.ms);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    expect(median(times.member!)).toBeGreaterThanOrEqual(390);
    expect(Math.abs(median(times.member!) - median(times.stranger!))).toBeLessThan(100);
    await team.tokenMailedTo('ada@example.com', 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(team.catcher!.mails.every((mail) => mail.to.join() === 'ada@example.com')).toBe(true);
    const mail = team.catcher!.mails[0]!;
    expect(mail.subject).toBe('Your sign-in link for the programme team');
    expect(mail.text).toMatch(new RegExp(`${team.origin.replace(/[.:/]/g, '\\$&')}/team/sign-in#[A-Za-z0-9_-]{43}\\n`));
    expect(mail.html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/team\/sign-in#[A-Za-z0-9_-]{43}">Sign in<\/a>/);
    const { rows } = await team.receiver.store.query("SELECT actor, detail FROM audit_log WHERE action = 'sign-in-refused'");
    expect(rows).toHaveLength(4);
    expect(JSON.stringify(rows)).not.toContain('stranger');
  }, 30_000);

  it('refuses a malformed address, another site, no Origin, and a body that is not JSON', async () => {
    const mailed = team.catcher!.mails.length;
    for (const email of ['', 'no-at-sign', 'a@b', 'two@@example.com', 'space @example.com', 'x'.repeat(300) + '@example.com', 42]) {
      expect(await team.askLink(email as string)).toMatchObject({ status: 400, json: { error: 'invalid-email' } });
    }
    expect(await team.call('POST', '/team/api/sign-in', { origin: 'https://evil.example', body: { email: 'ada@example.com' } })).toMatchObject({
      status: 403,
      json: { error: 'forbidden-origin' },
    });
    expect(await team.call('POST', '/team/api/sign-in', { origin: null, body: { email: 'ada@example.com' } })).toMatchObject({
      status: 403,
      json: { error: 'forbidden-origin' },
    });
    expect(await team.call('POST', '/team/api/sign-in', { headers: [['Content-Type', 'application/json']] })).toMatchObject({
      status: 400,
      json: { error: 'invalid-json' },
    });
    expect(await team.call('GET', '/team/api/sign-in')).toMatchObject({ status: 405, headers: { allow: 'POST' } });
    expect(await team.call('GET', '/team/api/nothing-here')).toMatchObject({ status: 404, json: { error: 'not-found' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(team.catcher!.mails.length).toBe(mailed);
  });
});

describe('the link', () => {
  it("signs in once, even pressed twice at once, with the member's role", async () => {
    // Counted before asking: the e-mail is sent after the answer, so it may not have come yet.
    const mailed = team.catcher!.mails.filter((mail) => mail.to.includes('ada@example.com')).length;
    await team.askLink('ada@example.com');
    const token = await team.tokenMailedTo('ada@example.com', mailed + 1);
    const [first, second] = await Promise.all([1, 2].map(() => team.call('POST', '/team/api/session', { body: { token } })));
    const statuses = [first!.status, second!.status].sort();
    expect(statuses).toEqual([201, 400]);
    const won = first!.status === 201 ? first! : second!;
    expect(won.json).toEqual({ email: 'ada@example.com', role: 'reviewer' });
    expect((first!.status === 400 ? first! : second!).json).toEqual({ error: 'link-not-valid' });
    expect(await team.call('POST', '/team/api/session', { body: { token } })).toMatchObject({ status: 400, json: { error: 'link-not-valid' } });
    expect(await team.call('GET', '/team/api/session', { cookie: cookieOf(won) })).toMatchObject({
      status: 200,
      json: { email: 'ada@example.com', role: 'reviewer', oidc: false },
    });
  });

  it('is refused after 15 minutes, and unknown or malformed tokens are refused alike', async () => {
    const before = team.catcher!.mails.length;
    // Counted before asking: the e-mail is sent after the answer, so it may not have come yet.
    const mailed = team.catcher!.mails.filter((mail) => mail.to.includes('ada@example.com')).length;
    await team.askLink('ada@example.com');
    const token = await team.tokenMailedTo('ada@example.com', mailed + 1);
    expect(team.catcher!.mails.length).toBe(before + 1);
    team.advance(15 * 60_000 + 1000);
    try {
      expect(await team.call('POST', '/team/api/session', { body: { token } })).toMatchObject({ status: 400, json: { error: 'link-not-valid' } });
    } finally {
      team.advance(-(15 * 60_000 + 1000));
    }
    for (const other of ['A'.repeat(43), 'short', 7, null]) {
      expect(await team.call('POST', '/team/api/session', { body: { token: other } })).toMatchObject({ status: 400, json: { error: 'link-not-valid' } });
    }
    expect(await team.call('POST', '/team/api/session', { origin: 'https://evil.example', body: { token } })).toMatchObject({
      status: 403,
      json: { error: 'forbidden-origin' },
    });
  });

  it("writes neither the link's token nor the session's id to a log line or a stored row", async () => {
    // Counted before asking: the e-mail is sent after the answer, so it may not have come yet.
    const mailed = team.catcher!.mails.filter((mail) => mail.to.includes('ada@example.com')).length;
    await team.askLink('ada@example.com');
    const token = await team.tokenMailedTo('ada@example.com', mailed + 1);
    const opened = await team.call('POST', '/team/api/session', { body: { token } });
    const sessionId = cookieOf(opened).split('=')[1]!;
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await team.call('GET', '/team/api/session', { cookie: cookieOf(opened) });
    await team.call('DELETE', '/team/api/session', { cookie: cookieOf(opened) });
    const stored: unknown[] = [];
    for (const table of ['team_members', 'team_sign_in_links', 'team_sessions', 'audit_log'])
      stored.push((await team.receiver.store.query(`SELECT * FROM ${table}`)).rows);
    const everything = JSON.stringify([stored, team.logs, team.requests]);
    for (const secret of [token, sessionId]) {
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(Buffer.from(secret, 'base64url').toString('hex'));
    }
    expect(JSON.stringify(team.requests)).not.toContain('ada@');
  });
});

describe('rate limits and mail off', () => {
  it('refuses the fourth request for one address within 15 minutes (429 with Retry-After), member or not', async () => {
    const limited = await startTeamReceiver({
      team: { signInWindows: { perClient: [{ points: 100, durationSeconds: 60 }], perAddress: [{ points: 3, durationSeconds: 900 }] }, signInFloorMs: 50 },
    });
    try {
      for (let each = 0; each < 3; each += 1) expect((await limited.askLink('someone@example.com')).status).toBe(202);
      const refused = await limited.askLink('Someone@example.com');
      expect(refused).toMatchObject({ status: 429, json: { error: 'too-many-requests' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect((await limited.askLink('another@example.com')).status).toBe(202);
    } finally {
      await limited.stop();
    }
  }, 30_000);

  it('refuses too many requests from one client', async () => {
    const limited = await startTeamReceiver({
      mail: true,
      team: { signInWindows: { perClient: [{ points: 2, durationSeconds: 60 }], perAddress: [{ points: 100, durationSeconds: 60 }] }, signInFloorMs: 50 },
    });
    try {
      expect((await limited.askLink('one@example.com')).status).toBe(202);
      expect((await limited.askLink('two@example.com')).status).toBe(202);
      expect(await limited.askLink('three@example.com')).toMatchObject({ status: 429, headers: { 'retry-after': expect.stringMatching(/^\d+$/) as unknown } });
    } finally {
      await limited.stop();
    }
  }, 30_000);

  it('says at start that sign-in by link is off without SMTP_URL, and answers 503 mail-off', async () => {
    const off = await startTeamReceiver({ mail: false });
    try {
      expect(off.logs.join('\n')).toMatch(/sign-in by e-mail link is off, SMTP_URL is not set/);
      expect(await off.askLink('ada@example.com')).toMatchObject({ status: 503, json: { error: 'mail-off' } });
      expect(await off.call('GET', '/team/api/session')).toMatchObject({ status: 401, json: { error: 'signed-out', oidc: false } });
    } finally {
      await off.stop();
    }
  }, 30_000);
});
