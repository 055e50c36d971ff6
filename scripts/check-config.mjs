// npm run check-config [FILE] [--strict]: validates a config.json exactly as the app does
// (src/config/check-config.ts), adds what the app opens with but cannot work
// (src/config/deploy-findings.ts: a typo of a known key, a condition or rule naming no field or a
// value it never holds, …), prints every problem by its path, and exits 1 on an error; other
// unknown keys are warnings (the app leaves them out), errors with --strict. Run with the
// receiver's environment (DATABASE_URL, UPLOADS_DIR), it also says what that receiver could not
// apply (a file field on PostgreSQL without UPLOADS_DIR). Runs on a production
// install too, from the bundle `npm run build` makes (load-checker.mjs).
import { readFile } from 'node:fs/promises';
import { loadChecker } from './load-checker.mjs';

const args = process.argv.slice(2);
const strict = args.includes('--strict');
const files = args.filter((arg) => !arg.startsWith('--'));
const file = files[0] ?? 'public/config.json';

let checker;
try {
  checker = await loadChecker();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const { checkConfigText, reportConfigCheck } = checker;

let text;
try {
  text = await readFile(file, 'utf8');
} catch (error) {
  console.error(`${file}: cannot be read (${error instanceof Error ? error.message : String(error)})`);
  process.exit(2);
}
const { lines, exitCode } = reportConfigCheck(
  file,
  checkConfigText(text, { DATABASE_URL: process.env.DATABASE_URL, UPLOADS_DIR: process.env.UPLOADS_DIR }),
  strict,
);
for (const line of lines) (exitCode === 0 ? console.log : console.error)(line);
process.exit(exitCode);
