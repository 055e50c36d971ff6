// @vitest-environment node
// GET /team/api/applications on the embedded store, behind the TEST GUARD: newest first by first
// receipt then id; each filter; a search by name, e-mail or handle, case-insensitive, accents as
// stored; the counts following every filter but the status; keyset pages with neither gap nor
// repeat while applications arrive; every parameter out of its form refused with 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../../../../server/status/decide.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { preparedDataDir } from '../../../support/prepared-data-dir';
import { startInbox, storeApplication, unique } from '../../../support/inbox-server';

type Page = {
  counts: Record<string, number>;
  items: Array<{ id: string; name: string; email: string; handle: string; language: string; status: string; receivedAt: string }>;
  next: string | null;
};

let store: Store;
let inbox: Awaited<ReturnType<typeof startInbox>>;
const ids: Record<string, string> = {};
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

beforeAll(async () => {
  store = await openStore({ dataDir: await preparedDataDir('inbox-list-') });
  inbox = await startInbox(store, { current: () => ({ digest: 'none', text: '{}' }) });
  ids.emile = await storeApplication(store, {
    firstName: 'Émile',
    lastName: 'Zola',
    email: 'Emile.Zola@Example.com',
    handle: 'jaccuse',
    language: 'fr',
    receivedAt: day('2025-03-01'),
  });
  ids.grace = await storeApplication(store, { firstName: 'Grace', lastName: 'Hopper', handle: 'cobol.queen', language: 'en', receivedAt: day('2025-03-02') });
  ids.zoe = await storeApplication(store, { firstName: 'ZOË', lastName: 'Quinn', handle: 'zq', language: 'es', receivedAt: day('2025-03-03') });
  ids.hedy = await storeApplication(store, {
    firstName: 'Hedy',
    lastName: 'Lamarr',
    handle: 'frequency.hopper',
    language: 'en',
    receivedAt: day('2025-03-04'),
  });
  // A later revision changes the name shown and searched, not the place in the list.
  await storeApplication(store, {
    applicationId: ids.grace,
    revision: 2,
    firstName: 'Grace',
    lastName: 'Brewster Hopper',
    handle: 'cobol.queen',
    language: 'en',
    receivedAt: day('2025-04-01'),
  });
  await decide(store, { applicationId: ids.hedy, status: 'accepted', by: 'test', mail: false });
  await decide(store, { applicationId: ids.zoe, status: 'in-review', by: 'test', mail: false });
});
afterAll(async () => {
  await inbox.close();
  await store.close();
});

async function list(query: string): Promise<Page> {
  const response = await inbox.as('ada.viewer@team.example', `/team/api/applications?${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as Page;
}

describe('the inbox list', () => {
  it("lists newest first by first receipt, with each one's latest name, e-mail, handle and status", async () => {
    const page = await list('');
    expect(page.items.map((item) => item.id)).toEqual([ids.hedy, ids.zoe, ids.grace, ids.emile]);
    const grace = page.items.find((item) => item.id === ids.grace);
    expect(grace).toMatchObject({
      name: 'Grace Brewster Hopper',
      handle: 'cobol.queen',
      status: 'received',
      language: 'en',
      receivedAt: '2025-03-02T12:00:00.000Z',
    });
    expect(page.items[0]).toMatchObject({ status: 'accepted' });
    expect(page.items.find((item) => item.id === ids.emile)?.email).toBe('emile.zola@example.com');
    expect(page.counts).toEqual({ all: 4, received: 2, 'in-review': 1, accepted: 1, declined: 0 });
    expect(page.next).toBeNull();
  });

  it('filters by status, language and days, the counts following all but the status', async () => {
    const accepted = await list('status=accepted');
    expect(accepted.items.map((item) => item.id)).toEqual([ids.hedy]);
    expect(accepted.counts.all).toBe(4);
    const english = await list('language=en');
    expect(english.items.map((item) => item.id)).toEqual([ids.hedy, ids.grace]);
    expect(english.counts).toEqual({ all: 2, received: 1, 'in-review': 0, accepted: 1, declined: 0 });
    const days = await list('from=2025-03-02&to=2025-03-03');
    expect(days.items.map((item) => item.id)).toEqual([ids.zoe, ids.grace]);
    expect(days.counts.all).toBe(2);
    expect((await list('status=received&language=en&from=2025-03-01')).items.map((item) => item.id)).toEqual([ids.grace]);
  });

  it('searches name, e-mail and handle, case-insensitive in every script, accents as typed', async () => {
    expect((await list('q=HOPPER')).items.map((item) => item.id)).toEqual([ids.hedy, ids.grace]); // a name, and a handle
    expect((await list('q=brewster')).items.map((item) => item.id)).toEqual([ids.grace]); // the latest revision's name
    expect((await list(`q=${encodeURIComponent('émile')}`)).items.map((item) => item.id)).toEqual([ids.emile]);
    expect((await list(`q=${encodeURIComponent('ÉMILE')}`)).items.map((item) => item.id)).toEqual([ids.emile]);
    expect((await list('q=emile')).items.map((item) => item.id)).toEqual([ids.emile]); // found by the e-mail, typed without the accent
    expect((await list(`q=${encodeURIComponent('zoë')}`)).items.map((item) => item.id)).toEqual([ids.zoe]);
    expect((await list('q=zoe')).items).toEqual([]); // an accent is matched as typed
    expect((await list('q=JACCUSE')).items.map((item) => item.id)).toEqual([ids.emile]);
    expect((await list(`q=${encodeURIComponent('%')}`)).items).toEqual([]); // no pattern characters
    const searched = await list('q=hopper&status=accepted');
    expect(searched.items.map((item) => item.id)).toEqual([ids.hedy]);
    expect(searched.counts).toEqual({ all: 2, received: 1, 'in-review': 0, accepted: 1, declined: 0 });
  });

  it('pages by cursor without gap or repeat while applications arrive', async () => {
    const language = 'de';
    const start = Date.parse('2026-01-01T00:00:00Z');
    // Same first receipt for several: the id orders them.
    const stored = [];
    for (let index = 0; index < 23; index += 1)
      stored.push(await storeApplication(store, { language, receivedAt: new Date(start + Math.floor(index / 3) * 1000) }));
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: Page = await list(`language=${language}&limit=5${next ? `&after=${next}` : ''}`);
      seen.push(...page.items.map((item) => item.id));
      next = page.next;
      // Newer applications arrive between pages: they belong before the first page, not in a later one.
      await storeApplication(store, { language, receivedAt: new Date(start + 3_600_000 + seen.length) });
    } while (next);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...stored].sort());
    const expected = [...stored]
      .map((id, index) => ({ id, at: Math.floor(index / 3) }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((each) => each.id);
    expect(seen).toEqual(expected);
  });

  it('refuses parameters out of their form with 400, naming which', async () => {
    const cases: Array<[string, string]> = [
      ['limit=0', 'invalid-limit'],
      ['limit=101', 'invalid-limit'],
      ['limit=ten', 'invalid-limit'],
      ['limit=1&limit=2', 'invalid-limit'],
      ['status=pending', 'invalid-status'],
      ['language=not%20a%20tag', 'invalid-language'],
      ['from=2025-02-30', 'invalid-from'],
      ['to=yesterday', 'invalid-to'],
      ['from=2025-03-02&to=2025-03-01', 'invalid-to'],
      [`q=${'x'.repeat(101)}`, 'invalid-q'],
      ['after=bm90LWEtY3Vyc29y', 'invalid-cursor'],
      ['after=%2F%2F', 'invalid-cursor'],
      ['colour=red', 'invalid-parameter'],
    ];
    for (const [query, error] of cases) {
      const response = await inbox.as('ada.viewer@team.example', `/team/api/applications?${query}`);
      expect([query, response.status]).toEqual([query, 400]);
      expect(await response.json()).toEqual({ error });
    }
    expect((await list('limit=100')).items.length).toBeGreaterThan(0);
  });

  it('answers only a member, and only GET', async () => {
    expect((await inbox.as(null, '/team/api/applications')).status).toBe(401);
    const post = await inbox.as('alan.admin@team.example', '/team/api/applications', { method: 'POST', body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(unique('x')).not.toBe(unique('x'));
  });
});
