// Debian's Chromium, as the end-to-end suite and the benchmark launch it: Playwright's own
// browser download does not work on these machines.
import process from 'node:process';

/** The Chromium binary: CHROME_PATH, else Debian's. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (containers), no GPU, and none of the browser's own background traffic. */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
