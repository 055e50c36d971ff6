// @vitest-environment node
// The aliases of a moved receiver (server/programme/receiver-moves.mjs), without a server: which
// requests go to the started path, and that a path no recent programme sends to stops being one.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createRequestContext } from '../../../../server/http/request-context.mjs';
import { createReceiverMoves } from '../../../../server/programme/receiver-moves.mjs';

const pathOf = (requestUrl: string | null) => (requestUrl?.startsWith('/') ? requestUrl : null);

function routed(moves: Awaited<ReturnType<typeof createReceiverMoves>>, method: string, url: string) {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  const ctx = createRequestContext(req, new ServerResponse(req));
  moves.route(ctx);
  return { url: ctx.req.url, logPath: ctx.logPath };
}

describe('the receiver moves', () => {
  it('answers a recent path as the started one: PUT and preflight on the path, drafts and challenge beside it; a GET stays a page', async () => {
    const moves = await createReceiverMoves({
      startPath: '/api/applications',
      pathOf,
      recentRequestUrls: () => Promise.resolve(['/api/applications', '/v1/send', null, 'https://elsewhere.example/x']),
    });
    expect(moves.paths).toEqual(['/v1/send']);
    expect(routed(moves, 'PUT', '/v1/send?x=1')).toEqual({ url: '/api/applications?x=1', logPath: '/v1/send' });
    expect(routed(moves, 'OPTIONS', '/v1/send').url).toBe('/api/applications');
    expect(routed(moves, 'GET', '/v1/send').url).toBe('/v1/send');
    expect(routed(moves, 'GET', '/v1/challenge')).toEqual({ url: '/api/challenge', logPath: '/v1/challenge' });
    // A draft's path carries its secret id: the drafts' handler shows it without, not this.
    expect(routed(moves, 'PUT', '/v1/drafts/abc')).toEqual({ url: '/api/drafts/abc', logPath: undefined });
    expect(routed(moves, 'PUT', '/v1/other').url).toBe('/v1/other');
    expect(routed(moves, 'PUT', '/api/applications').url).toBe('/api/applications');
  });

  it('adds a path the moment a programme moves there, and lets an old one go once no programme of the last 30 days sends to it', async () => {
    let recent: Array<string | null> = ['/api/applications'];
    let now = 0;
    const lines: string[] = [];
    const moves = await createReceiverMoves({
      startPath: '/api/applications',
      pathOf,
      recentRequestUrls: () => Promise.resolve(recent),
      log: (line) => lines.push(line),
      nowMs: () => now,
    });
    expect(routed(moves, 'PUT', '/api/apply').url).toBe('/api/apply');
    moves.moved('/api/apply', '/api/applications');
    expect(routed(moves, 'PUT', '/api/apply').url).toBe('/api/applications');
    expect(lines).toEqual([
      'Receiver: requestUrl moved to /api/apply: answered there from now on, and at /api/applications too for pages opened before the edit (30 days)',
    ]);
    // Read again from the store at most hourly: the programme sending to /api/apply retired more than 30 days ago.
    recent = ['/api/applications'];
    now = 30 * 60 * 1000;
    routed(moves, 'PUT', '/api/apply');
    await Promise.resolve();
    expect(moves.paths).toEqual(['/api/apply']);
    now = 61 * 60 * 1000;
    routed(moves, 'PUT', '/api/apply');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(moves.paths).toEqual([]);
    expect(routed(moves, 'PUT', '/api/apply').url).toBe('/api/apply');
  });
});
