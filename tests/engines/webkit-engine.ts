/**
 * WebKitGTK (Debian's `webkit2gtk-driver`: WebKitWebDriver and the MiniBrowser of
 * libwebkit2gtk-4.1) driven by selenium-webdriver over WebDriver classic, in a private Xvfb
 * display. One driver per suite; each journey gets a new session (a new MiniBrowser, so its own
 * storage and service workers). MiniBrowser's window cannot be narrower than it allows (447 CSS
 * pixels with this build), so the phone journeys run at that width: still the phone layout.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import { SELECT_FOCUSED_TEXT, type EnginePage, type Json, type Target } from './engine-page';
import { FIND_TARGET } from './find-target';
import type { JourneyViewport } from './journeys';
import type { LaunchedEngine } from './launched-engine';
import { describeTarget, waitFor, waitForTyped, waitUntil } from './page-actions';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_PATH = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

function webkitEnginePage(driver: WebDriver): EnginePage {
  async function element(target: Target, forClick: boolean): Promise<WebElement> {
    await waitFor(enginePage, target);
    const found = await driver.executeScript<WebElement | null>(FIND_TARGET, target, forClick);
    if (!found) throw new Error(`not found: ${describeTarget(target)}`);
    return found;
  }
  const enginePage: EnginePage = {
    engine: 'webkit',
    // WebDriver waits as the session's page-load strategy says (the load event) whatever the call
    // asks; WebKit's load event does not wait for a script import, so `until: 'parsed'` holds.
    async goto(url) {
      await driver.get(url);
    },
    async reload() {
      await driver.navigate().refresh();
    },
    run(body: string, ...args: Json[]) {
      return driver.executeScript(`return (async function () { ${body}\n}).apply(null, arguments);`, ...args);
    },
    async click(target) {
      await (await element(target, true)).click();
    },
    async type(target, text) {
      const field = await element(target, false);
      await driver.executeScript('arguments[0].focus();', field);
      await driver.executeScript(SELECT_FOCUSED_TEXT);
      // One key at a time, each seen in the box before the next: WebKitGTK's WebDriver delivers
      // a string's keys asynchronously and, on a busy machine, lost some of a burst.
      for (let typed = 1; typed <= text.length; typed += 1) {
        await field.sendKeys(text.charAt(typed - 1));
        await waitForTyped(enginePage, target, text.slice(0, typed));
      }
    },
  };
  return enginePage;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => {
      reject(new Error(`Xvfb exited (${String(code)})`));
    });
    xvfb.stdio[3]?.once('data', (data: Buffer) => {
      resolve(`:${data.toString().trim()}`);
    });
  });
  return { display, process: xvfb };
}

export async function launchWebkit(): Promise<LaunchedEngine> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const driverProcess = spawn(WEBKIT_DRIVER_PATH, [`--port=${String(port)}`], { env: { ...process.env, DISPLAY: xvfb.display }, stdio: 'ignore' });
  const server = `http://127.0.0.1:${String(port)}`;
  await waitUntil('WebKitWebDriver to listen', async () => (await fetch(`${server}/status`).catch(() => null))?.ok === true, 15_000);
  const capabilities = {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
  };
  let version = '';
  return {
    get version() {
      return version;
    },
    async open(viewport: JourneyViewport) {
      const driver = await new Builder().usingServer(server).withCapabilities(capabilities).build();
      version = String((await driver.getCapabilities()).get('browserVersion'));
      // A load or script that never finishes fails the journey instead of hanging it.
      await driver.manage().setTimeouts({ pageLoad: 30_000, script: 30_000 });
      // The window's outer size; MiniBrowser's toolbar takes some of its height.
      await driver.manage().window().setRect({ width: viewport.width, height: viewport.height });
      return {
        page: webkitEnginePage(driver),
        window: await driver.executeScript<[number, number, number]>('return [innerWidth, innerHeight, devicePixelRatio];'),
        close: () => driver.quit(),
      };
    },
    async close() {
      driverProcess.kill();
      xvfb.process.kill();
      await Promise.resolve();
    },
  };
}
