import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type * as ReactApi from 'react';
import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { EXPECTED_SENTINELS, withStacklessSentinels } from '../../../scripts/react-dom-sentinels';

const require = createRequire(import.meta.url);
/** A package's production build, as the app's build bundles it (the exports maps hide the cjs folders). */
const production = (name: string, file: string) => join(dirname(require.resolve(`${name}/package.json`)), 'cjs', file);
const published = readFileSync(production('react-dom', 'react-dom-client.production.js'), 'utf8');
const PRODUCTION_DEPENDENCIES: Record<string, string> = {
  react: production('react', 'react.production.js'),
  'react-dom': production('react-dom', 'react-dom.production.js'),
  scheduler: production('scheduler', 'scheduler.production.js'),
};
const requireProduction = (name: string): unknown => require(PRODUCTION_DEPENDENCIES[name] ?? name);
// The React the rewritten file requires, so that `use` reaches the same dispatcher.
const { Suspense, use } = requireProduction('react') as typeof ReactApi;

/** The rewritten react-dom/client, evaluated as the build would ship it, sharing this test's React. */
function rewrittenReactDomClient(): { createRoot: (container: Element) => Root } {
  const module = { exports: {} as { createRoot: (container: Element) => Root } };
  // Wrapped as Node wraps a CommonJS file.
  const evaluate = runInThisContext(`(function (require, module, exports) {${withStacklessSentinels(published)}\n})`) as (
    require: (name: string) => unknown,
    module: { exports: unknown },
    exports: unknown,
  ) => void;
  evaluate(requireProduction, module, module.exports);
  return module.exports;
}

describe('withStacklessSentinels (build-time rewrite of react-dom/client)', () => {
  it('makes each of the module-level sentinels through the stackless helper, and nothing else', () => {
    const rewritten = withStacklessSentinels(published);
    expect(rewritten.match(/= Error\(formatProdErrorMessage\(\d+\)\)[,;]$/gm)).toBeNull();
    expect(rewritten.match(/= __stacklessSentinel\(formatProdErrorMessage\(\d+\)\)[,;]$/gm)).toHaveLength(EXPECTED_SENTINELS);
    // Errors React makes when something goes wrong are untouched: they keep their stacks.
    const thrownBefore = published.match(/throw Error\(/g)?.length ?? 0;
    expect(thrownBefore).toBeGreaterThan(50);
    expect(rewritten.match(/throw Error\(/g)).toHaveLength(thrownBefore);
  });

  it('stops the build when React no longer has exactly those sentinels', () => {
    const oneLess = published.replace('var SuspenseException = Error(formatProdErrorMessage(460)),', 'var SuspenseException = null,');
    expect(() => withStacklessSentinels(oneLess)).toThrow(/4 module-level Error sentinels where 5 were expected/);
  });

  it('still suspends and resumes a component that waits on a promise (the sentinels are compared by identity)', async () => {
    const { createRoot } = rewrittenReactDomClient();
    let resolve: (text: string) => void = () => undefined;
    const text = new Promise<string>((settle) => {
      resolve = settle;
    });
    function Waits(): ReactNode {
      return <p>{use(text)}</p>;
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    root.render(
      <Suspense fallback={<p>Loading</p>}>
        <Waits />
      </Suspense>,
    );
    await vi.waitFor(() => {
      expect(container.textContent).toBe('Loading');
    });
    resolve('Ready');
    await vi.waitFor(() => {
      expect(container.textContent).toBe('Ready');
    });
    root.unmount();
  });
});
