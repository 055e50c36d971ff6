import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The production build the end-to-end suite serves. APP_DIST points it at another build
 * (`vite build --outDir …`), so two people or agents can test side by side without
 * overwriting each other's dist/.
 */
export const DIST_DIR = process.env.APP_DIST ? resolve(process.env.APP_DIST) : fileURLToPath(new URL('../../dist', import.meta.url));
