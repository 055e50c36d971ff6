import { isTree } from '../application/values/is-tree';
import { configSchema } from './config-schema';
import type { ConfigProblem } from './describe-config-issue';
import { nearest } from './nearest-name';

/**
 * What would have a programme send nowhere without anyone meaning it to: the page accepts an
 * application on the device and thanks the creator when it has no `requestUrl`, so a programme
 * without one must say so on purpose (`"requestUrl": null`: a preview, a demonstration, a
 * programme that collects nothing); and a top-level key this build does not know is a setting
 * lost (`submitUrl` for `requestUrl`), since the app leaves it out. A key deeper in the file may
 * be a newer version's setting of a block and stays a warning; the top level is the deployer's own
 * and is read by the receiver deployed with this very build. The app itself stays lenient (an
 * installed copy must open); `npm run check-config` and the receiver refuse these (deploy-findings.ts).
 * `typos`: the top-level keys key-typo-findings.ts already names, not named twice. Pure.
 */
export function sendingFindings(input: unknown, unknownKeys: readonly ConfigProblem[], typos: readonly ConfigProblem[]): ConfigProblem[] {
  if (!isTree(input)) return [];
  const known = Object.keys(configSchema()._zod.def.shape);
  const absent = known.filter((key) => !Object.hasOwn(input, key));
  const named = new Set(typos.map((typo) => typo.path));
  const findings: ConfigProblem[] = [];
  let requestUrlGuessed = typos.some((typo) => !typo.path.includes('.') && typo.message.includes('"requestUrl"'));
  for (const { path } of unknownKeys) {
    if (path.includes('.') || named.has(path) || !Object.hasOwn(input, path)) continue;
    const meant = meantKey(path, input[path], absent);
    if (meant === 'requestUrl') requestUrlGuessed = true;
    findings.push({
      path,
      message:
        meant === undefined
          ? 'unknown key: this build has no such setting, so the app would leave it out (remove it, or deploy the version that has it)'
          : `unknown key; did you mean ${JSON.stringify(meant)}? (the app would leave it out, and the setting with it)`,
    });
  }
  if (!Object.hasOwn(input, 'requestUrl') && !requestUrlGuessed) {
    findings.push({
      path: 'requestUrl',
      message:
        'missing: the page would send applications nowhere and thank every creator; give the path or URL applications are sent to ("/api/applications" for the receiver `npm start` runs), or write "requestUrl": null for a programme that sends nothing on purpose',
    });
  }
  return findings;
}

/**
 * The known top-level key an unknown one most likely stands for, among those the file lacks: a
 * near spelling, else the only one with the same last word (`submitUrl`, `postUrl` → `requestUrl`
 * when `redirectUrl` is there), else `requestUrl` for a path or web address given under another
 * name (`"endpoint": "/api/applications"`).
 */
function meantKey(key: string, value: unknown, absent: readonly string[]): string | undefined {
  const near = nearest(key, absent, 'key');
  if (near !== undefined) return near;
  const lastWord = (name: string) => /[A-Z]?[a-z0-9]+$/.exec(name)?.[0].toLowerCase();
  const word = lastWord(key);
  const sameWord = absent.filter((candidate) => word !== undefined && candidate !== key && lastWord(candidate) === word);
  if (sameWord.length === 1) return sameWord[0];
  if (absent.includes('requestUrl') && typeof value === 'string' && /^(\/|https?:\/\/)/i.test(value)) return 'requestUrl';
  return undefined;
}
