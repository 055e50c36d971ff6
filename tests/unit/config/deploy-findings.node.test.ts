// @vitest-environment node
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfigText } from '../../../src/config/check-config';
import { receiverRules } from '../../../src/config/receiver-rules';
import { startServer } from '../../../server/start-server.mjs';

type Config = Record<string, unknown>;

async function defaultConfig(): Promise<Config> {
  return JSON.parse(await readFile('public/config.json', 'utf8')) as Config;
}

// What `npm run check-config` refuses, `npm start` refuses too: the receiver takes the
// programme's rules through receiverRules, which is not ok on a deploy finding.
describe('npm start on a configuration the checker refuses', () => {
  it('does not start, naming the finding by its path', async () => {
    const root = await mkdtemp(join(tmpdir(), 'receiver-refuses-'));
    try {
      const { requestUrl, ...config } = await defaultConfig();
      await writeFile(join(root, 'config.json'), JSON.stringify({ ...config, requestUrll: requestUrl }));
      await expect(startServer({ root, port: 0, dataDir: join(root, 'data'), receiverRules })).rejects.toThrow(
        'config.json is invalid: requestUrll: unknown key; did you mean "requestUrl"?',
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the 200-field step the end-to-end suite and the benchmark use', () => {
  it('passes the checker', async () => {
    // Plain JavaScript without declarations, imported by its path so the type checker leaves it be.
    const fixture = new URL('../../support/many-fields.mjs', import.meta.url).href;
    const { withManyFields } = (await import(/* @vite-ignore */ fixture)) as { withManyFields: (count: number) => (config: Config) => void };
    const config = await defaultConfig();
    withManyFields(200)(config);
    expect(checkConfigText(JSON.stringify(config))).toEqual({ errors: [], warnings: [] });
  });
});
