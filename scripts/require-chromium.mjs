// The end-to-end suite drives Debian's Chromium; say how to get it when it is missing.
import { accessSync, constants } from 'node:fs';

const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(`No Chromium at ${path}: install it with "apt-get install -y chromium" or set CHROME_PATH to a Chromium binary.`);
  process.exit(1);
}
