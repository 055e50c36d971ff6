// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { escapeLogText } from '../../../../server/log/log-text.mjs';
import { pseudonymOf } from '../../../../server/log/client-pseudonym.mjs';
import { loggedIssue, programmeNames, refusedAnswersReason } from '../../../../server/log/refused-answers-reason.mjs';
import { createServerLog } from '../../../../server/log/server-log.mjs';

const FORGED = '\n2026-11-27T06:00:00.000Z received application 2b7e151a revision 9';

describe('a field of a log line', () => {
  it('keeps ordinary text as it is, whatever its script', () => {
    expect(escapeLogText('personalInfo.emailAddress')).toBe('personalInfo.emailAddress');
    expect(escapeLogText('Zoë Ødegård, 東京 🙂')).toBe('Zoë Ødegård, 東京 🙂');
  });

  it('writes every line break, control, bidi and invisible character as a visible escape', () => {
    expect(escapeLogText('a\nb\rc\u2028d\u2029e\u0085f')).toBe('a\\u000Ab\\u000Dc\\u2028d\\u2029e\\u0085f');
    expect(escapeLogText('\u001b[2J\u009b31m\u0000\u007f')).toBe('\\u001B[2J\\u009B31m\\u0000\\u007F');
    expect(escapeLogText('\u202Etxt.exe\u2066\u2069\u200B\u200E\uFEFF\u061C')).toBe('\\u202Etxt.exe\\u2066\\u2069\\u200B\\u200E\\uFEFF\\u061C');
    expect(escapeLogText('tag\u{E0041}')).toBe('tag\\u{E0041}');
    expect(escapeLogText('lone \ud800 surrogate')).toBe('lone \\uD800 surrogate');
    expect(escapeLogText(FORGED)).not.toMatch(/[\n\r\u2028\u2029]/);
  });

  it('doubles backslashes in text lines, so a typed escape cannot pass for one', () => {
    expect(escapeLogText('a\\u000Ab', { backslashes: true })).toBe('a\\\\u000Ab');
    expect(escapeLogText('a\\u000Ab')).toBe('a\\u000Ab');
  });

  it('is bounded, with a count of what was cut, never inside a surrogate pair', () => {
    expect(escapeLogText('x'.repeat(300))).toBe(`${'x'.repeat(256)}…(44 more)`);
    expect(escapeLogText(`${'x'.repeat(9)}🙂`, { maxLength: 10 })).toBe(`${'x'.repeat(9)}…(2 more)`);
    expect(escapeLogText('\n'.repeat(100_000)).length).toBeLessThan(256 * 6 + 20);
  });
});

describe('a line of the server log', () => {
  const lines = (format: 'json' | 'text') => {
    const written: string[] = [];
    const log = createServerLog({ format, write: (line) => written.push(line), now: () => new Date('2026-11-27T06:00:00.000Z') });
    return { log, written };
  };

  it('is one line per event in text, whatever a field holds', () => {
    const { log, written } = lines('text');
    log.request({ method: 'PUT', path: `/api/applications${FORGED}`, status: 422, ms: 1, reason: `answers the wizard would refuse: ${FORGED}`, client: 'c' });
    log.message(`could not store application x${FORGED}`);
    expect(written).toHaveLength(2);
    for (const line of written)
      for (const character of ['\n', '\r', '\u2028', '\u2029', '\u0085', '\u001b']) expect(line.slice(0, -1)).not.toContain(character);
    expect(written[0]).toBe(
      '2026-11-27T06:00:00.000Z PUT /api/applications\\u000A2026-11-27T06:00:00.000Z received application 2b7e151a revision 9 422 1.0 ms ' +
        '(answers the wizard would refuse: \\u000A2026-11-27T06:00:00.000Z received application 2b7e151a revision 9) client c\n',
    );
  });

  it('is one JSON object per line, its strings free of separators and bidi controls once decoded', () => {
    const { log, written } = lines('json');
    log.message(`x\u2028y\u202Ez${FORGED}`);
    log.request({ method: 'GET', path: '/\u2029', status: 404, ms: 0, reason: 'no such file', client: 'c' });
    expect(written.join('').split('\n')).toHaveLength(3);
    const events = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events[0]?.message).toBe('x\\u2028y\\u202Ez\\u000A2026-11-27T06:00:00.000Z received application 2b7e151a revision 9');
    expect(events[1]).toMatchObject({ kind: 'request', path: '/\\u2029', reason: 'no such file', client: 'c' });
  });
});

describe('the 422 reason the log gives', () => {
  const names = programmeNames(JSON.stringify({ steps: [{ blocks: [{ data: { fields: [{ kind: 'yesNo', path: 'fields.single.children' }] } }] }] }));

  it('names the rule and the programme path, never a key the client sent', () => {
    expect(loggedIssue({ path: 'ada@example.com', message: 'unknown part of an application' }, names)).toBe('unknown-answer at body');
    expect(loggedIssue({ path: `x${FORGED}`, message: 'unknown part of an application' }, names)).toBe('unknown-answer at body');
    expect(loggedIssue({ path: 'personalInfo.adaLovelace', message: 'unknown field' }, names)).toBe('unknown-answer at personalInfo');
    expect(loggedIssue({ path: 'platforms.myspace.handle', message: 'unknown platform' }, names)).toBe('unknown-answer at platforms');
    expect(loggedIssue({ path: 'fields.3.key', message: '"ada@example.com" is not a question of this programme' }, names)).toBe(
      'unknown-answer at fields.3.key',
    );
    expect(loggedIssue({ path: 'fields.4.key', message: '"children.value" is answered twice' }, names)).toBe('answered-twice at fields.4.key');
    expect(loggedIssue({ path: 'personalInfo.phone', message: 'expected { countryCode, subscriber } as text' }, names)).toBe('malformed at personalInfo.phone');
    expect(loggedIssue({ path: 'personalInfo.emailAddress', message: 'Enter a valid email address.' }, names)).toBe('invalid at personalInfo.emailAddress');
    expect(loggedIssue({ path: 'fields.single.children.explanation', message: 'Required', rule: 'required' }, names)).toBe(
      'required at fields.single.children.explanation',
    );
    expect(loggedIssue({ path: 'fields.single.children', message: 'x', rule: 'ada@example.com' }, names)).toBe('invalid at fields.single.children');
    expect(loggedIssue({ path: 'fields.single.bogus', message: 'x', rule: 'required' }, names)).toBe('unknown-answer at fields.single');
  });

  it('keeps the kind the metrics count by, and names ten issues at most', () => {
    const issues = Array.from({ length: 12 }, (_, index) => ({ path: `fields.${String(index)}`, message: 'expected { key, value } as text' }));
    expect(refusedAnswersReason(issues)).toBe(
      `answers the wizard would refuse: ${issues
        .slice(0, 10)
        .map((issue) => `malformed at ${issue.path}`)
        .join(', ')} and 2 more`,
    );
  });
});

describe('a client in the log', () => {
  it('is a pseudonym of its rate limit key: an IPv6 /64 is one client, and the address is not in it', () => {
    const key = Buffer.alloc(32, 7);
    expect(pseudonymOf('2001:db8:1:2::5', key)).toBe(pseudonymOf('2001:db8:1:2:ffff::9', key));
    expect(pseudonymOf('2001:db8:1:2::5', key)).not.toBe(pseudonymOf('2001:db8:1:3::5', key));
    expect(pseudonymOf('192.0.2.1', key)).toMatch(/^[0-9a-f]{12}$/);
    expect(pseudonymOf('192.0.2.1', key)).not.toBe(pseudonymOf('192.0.2.1', Buffer.alloc(32, 8)));
    expect(pseudonymOf(null, key)).toBe('unknown');
  });
});
