/**
 * A build step, as a Vite plugin: React DOM's five module-level sentinels made without a stack.
 *
 * Why: react-dom-client.production.js makes five Error objects as its module is evaluated
 * (SuspenseException and four others: values React throws and catches, compared by identity, never
 * shown). When an inspector is attached, as Lighthouse, DevTools and any CDP client with
 * Runtime.enable are, V8 records a detailed stack for every Error made, which needs the source
 * positions of every function on the stack. During evaluation that is the entry chunk's top-level
 * function, the whole 276 kB file, so V8 parses it again: 65-80 ms of main thread in the entry's
 * evaluation task on this machine (its own work is 6-10 ms), after Welcome's first paint, which
 * Lighthouse's mobile simulation counts four times over as blocking time. A creator's phone has no
 * inspector and never paid it; it is Lighthouse's figure that did. Made as plain objects inheriting
 * from Error.prototype with the same message, the sentinels keep their identity and everything
 * React reads of them, and no stack is recorded (tests/benchmark/trace-main-thread.mjs shows the
 * re-parse, `V8.CollectSourcePositions`, gone).
 *
 * The build stops when the file no longer has exactly these declarations, or is not in the build
 * at all: a new React must be looked at again rather than silently left unpatched.
 */
import type { Plugin } from 'vite';

/** The file the browser build of react-dom/client resolves to. */
const REACT_DOM_CLIENT = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/** A module-level `X = Error(formatProdErrorMessage(N))`, as the first or a later declarator of a `var`. */
const SENTINEL_DECLARATION = /^(var | {2})(\w+Exception) = Error\(formatProdErrorMessage\((\d+)\)\)([,;])$/gm;

/** The sentinels of React DOM 19.2-19.3: HydrationMismatch, Suspense, SuspenseyCommit, SuspenseAction, SelectiveHydration. */
export const EXPECTED_SENTINELS = 5;

const HELPER = '__stacklessSentinel';

/** Rewrites react-dom-client.production.js so its module-level sentinels are made without a stack. */
export function withStacklessSentinels(code: string): string {
  const found = [...code.matchAll(SENTINEL_DECLARATION)].length;
  if (found !== EXPECTED_SENTINELS) {
    throw new Error(
      `react-dom-client.production.js has ${String(found)} module-level Error sentinels where ${String(EXPECTED_SENTINELS)} were expected: ` +
        'React changed; look at scripts/react-dom-sentinels.ts again.',
    );
  }
  const rewritten = code.replace(SENTINEL_DECLARATION, `$1$2 = ${HELPER}(formatProdErrorMessage($3))$4`);
  // A function declaration is hoisted, so the sentinels can be made wherever they stand.
  return `${rewritten}\nfunction ${HELPER}(message) {\n  return Object.create(Error.prototype, { message: { value: message, writable: !0, configurable: !0 } });\n}\n`;
}

/** The plugin: build only (tests and `vite dev` run React as published). */
export function reactDomSentinels(): Plugin {
  let rewritten = false;
  return {
    name: 'react-dom-sentinels',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      rewritten = false;
    },
    transform(code, id) {
      if (!REACT_DOM_CLIENT.test(id)) return null;
      rewritten = true;
      return { code: withStacklessSentinels(code), map: null };
    },
    buildEnd(error) {
      if (!error && !rewritten) this.error('react-dom-client.production.js was not in the build: look at scripts/react-dom-sentinels.ts again.');
    },
  };
}
