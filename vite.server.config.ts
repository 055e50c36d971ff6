import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The receiver's share of the wizard's code, bundled for Node: the programme's config schema and
 * the application's validation rules (src/config/receiver-rules.ts) become one
 * self-contained ES module, server/build/receiver-rules.mjs, and the rule for a draft's id
 * (src/handover/draft-id.ts) another, server/build/draft-id.mjs; server/wizard-rules.mjs imports both.
 * `npm run check-config` (src/config/check-config.ts) becomes server/build/config-check.mjs, so the
 * checker every live WARNING names runs on a production install, which has no Vite (scripts/load-checker.mjs).
 * The creator's e-mails' words (src/i18n/mail-words.ts, with the mail catalogues) and what an
 * e-mail takes from a programme (src/config/mail-programme.ts) become server/build/mail-words.mjs
 * and mail-programme.mjs, which the start hands the mail room when SMTP_URL is set; the page
 * imports neither, so its bytes do not carry the e-mails' texts. How the team reads an
 * application's answers with its programme's labels (src/config/programme-answers.ts) becomes
 * server/build/programme-answers.mjs, for the inbox (server/inbox/).
 * The code the checker and the rules share is one chunk under server/build/assets/, so the folder
 * goes whole (as the deployment guide copies it), still needing no package.
 * Node 20 cannot run TypeScript, and a bundle made at build time (as dist/ is) keeps a TS loader
 * out of production and leaves one copy of the rules. `npm run build` (and so `npm start`) makes it.
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'server/build',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      input: {
        'receiver-rules': fileURLToPath(new URL('src/config/receiver-rules.ts', import.meta.url)),
        'draft-id': fileURLToPath(new URL('src/handover/draft-id.ts', import.meta.url)),
        'config-check': fileURLToPath(new URL('src/config/check-config.ts', import.meta.url)),
        'mail-words': fileURLToPath(new URL('src/i18n/mail-words.ts', import.meta.url)),
        'mail-programme': fileURLToPath(new URL('src/config/mail-programme.ts', import.meta.url)),
        'programme-answers': fileURLToPath(new URL('src/config/programme-answers.ts', import.meta.url)),
      },
      output: { entryFileNames: '[name].mjs', format: 'es' },
    },
  },
  // zod is bundled in too, so the server's copy does not depend on node_modules' layout.
  ssr: { noExternal: true, target: 'node' },
});
