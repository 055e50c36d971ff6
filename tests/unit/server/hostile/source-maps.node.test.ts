// @vitest-environment node
// Source maps were served in production (/sw.js.map, /assets/*.js.map),
// handing anyone the app's original source. The build may still make them (for an error tracker's
// upload), but the public server answers 404 for every one, however the path is written.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../../../../server/app-server.mjs';
import { rawRequest } from '../../../support/http-request';

let root = '';
let server: Server;
let url = '';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'source-maps-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>test</title>');
  await writeFile(join(root, 'sw.js'), 'self.addEventListener("fetch", () => undefined);\n');
  await writeFile(join(root, 'sw.js.map'), '{"version":3,"sources":["src/sw.ts"],"sourcesContent":["secret"]}');
  await writeFile(join(root, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  await writeFile(join(root, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"],"sourcesContent":["secret"]}');
  await writeFile(join(root, 'assets', 'index-abc123.css.map'), '{"version":3}');
  await symlink(join(root, 'assets', 'index-abc123.js.map'), join(root, 'assets', 'linked-abc123.js'));
  server = createAppServer({ root });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('source maps', () => {
  it.each([
    '/sw.js.map',
    '/assets/index-abc123.js.map',
    '/assets/index-abc123.css.map',
    '/assets/index-abc123.js.MAP',
    '/assets/index-abc123.js%2Emap',
    '/sw.js.map?x=1',
    // Spellings that the file system reads as the map itself: the path is judged once normalised.
    '/assets/index-abc123.js.map/',
    '/assets/index-abc123.js.map/.',
    '/assets/index-abc123.js.map//',
    '/sw.js.map/%2e',
    '/sw.js.map/./',
    '/assets/x/../index-abc123.js.map/',
    '/sw.js.map%2F',
    '/sw.js.map%2F%2E',
    '/assets/index-abc123.js.MAP//',
    // A link inside the build pointing at a map is the map too.
    '/assets/linked-abc123.js',
  ])('GET %s is 404, and nothing of the map is sent', async (path) => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawRequest(`${url}${path}`, { method });
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('sourcesContent');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('the scripts themselves are still served', async () => {
    expect((await rawRequest(`${url}/sw.js`, { method: 'GET' })).status).toBe(200);
    expect((await rawRequest(`${url}/assets/index-abc123.js`, { method: 'GET' })).status).toBe(200);
  });
});
