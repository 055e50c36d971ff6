// Prints the Content-Security-Policy `npm start` sends for a build, for a deployer who serves
// dist/ from another host: `node server/cli/print-csp.mjs [dist]`. It follows that build's
// config.json (analytics, error-reporting, receiver and cover hosts) and allows the inline
// scripts of its index.html by their SHA-256, as server/http/security-headers.mjs does.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { contentSecurityPolicy, inlineScriptHashes } from '../http/security-headers.mjs';
import { parseJson } from '../http/parse-json.mjs';

const root = resolve(process.argv[2] ?? 'dist');
const html = await readFile(join(root, 'index.html'), 'utf8');
let config = null;
try {
  config = parseJson(await readFile(join(root, 'config.json'), 'utf8'));
} catch {
  console.error(`${join(root, 'config.json')} is missing or not JSON: the policy allows only the site itself.`);
}
console.log(contentSecurityPolicy(config, inlineScriptHashes(html)));
