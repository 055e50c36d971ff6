import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The receiver's share of the wizard's code, bundled for Node: the programme's config schema and
 * the application's validation rules (src/config/receiver-rules.ts) become one
 * self-contained ES module, server/build/receiver-rules.mjs, which server/serve.mjs imports.
 * Node 20 cannot run TypeScript, and a bundle made at build time (as dist/ is) keeps a TS loader
 * out of production and leaves one copy of the rules. `npm run build` (and so `npm start`) makes it.
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: fileURLToPath(new URL('src/config/receiver-rules.ts', import.meta.url)),
    outDir: 'server/build',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: 'receiver-rules.mjs', format: 'es' } },
  },
  // zod is bundled in too, so the server's copy does not depend on node_modules' layout.
  ssr: { noExternal: true, target: 'node' },
});
