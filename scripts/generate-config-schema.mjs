// npm run generate:config-schema: writes public/config.schema.json from the zod schema the app
// parses config.json with (src/config/config-json-schema.ts). tests/unit/config keeps it in step.
import { writeFile } from 'node:fs/promises';
import { loadSource } from './load-source.mjs';

/** @type {import('../src/config/config-json-schema.ts')} */
const { configJsonSchemaText } = await loadSource('src/config/config-json-schema.ts');
await writeFile(new URL('../public/config.schema.json', import.meta.url), configJsonSchemaText());
console.log('public/config.schema.json written');
