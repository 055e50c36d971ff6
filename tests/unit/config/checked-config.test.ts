import { describe, expect, it } from 'vitest';
import { CHECKED_CONFIG_ID, checkedConfigBlock, readCheckedConfig } from '../../../src/config/checked-config';
import type { WizardConfig } from '../../../src/config/config-schema';

const documentWith = (body: string) => new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, 'text/html');
const config = { title: 'A programme' } as unknown as WizardConfig;

describe('the checked configuration in index.html', () => {
  it('is read back as written', () => {
    const checked = { digest: '0123456789abcdef', config, unknownKeys: [{ path: 'x', message: 'unknown key' }] };
    expect(readCheckedConfig(documentWith(checkedConfigBlock(checked)))).toEqual(checked);
  });

  it.each([
    ['no block (an index.html without a Welcome, or from an older build)', ''],
    ['a block that is not JSON (edited by hand)', `<script type="application/json" id="${CHECKED_CONFIG_ID}">{"digest":</script>`],
    ['a block without a digest', `<script type="application/json" id="${CHECKED_CONFIG_ID}">{"config":{},"unknownKeys":[]}</script>`],
    ['a block without a configuration', `<script type="application/json" id="${CHECKED_CONFIG_ID}">{"digest":"a","unknownKeys":[]}</script>`],
    ['a block without its unknown keys', `<script type="application/json" id="${CHECKED_CONFIG_ID}">{"digest":"a","config":{}}</script>`],
    ['null', `<script type="application/json" id="${CHECKED_CONFIG_ID}">null</script>`],
  ])('is absent for %s, so the app checks config.json itself', (_name, body) => {
    expect(readCheckedConfig(documentWith(body))).toBeUndefined();
  });
});
