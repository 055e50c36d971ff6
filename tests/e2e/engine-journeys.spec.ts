import { test } from './fixtures';
import { JOURNEYS, type JourneyViewport } from '../engines/journeys';
import { playwrightEnginePage } from '../engines/playwright-engine-page';

// The journeys Firefox and WebKitGTK run in `npm run test:engines` (tests/engines), here in
// Chromium at the suite's desktop and phone sizes: written once, checked in every engine.
const VIEWPORTS: Record<string, JourneyViewport> = {
  desktop: { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, coverFile: 800 },
  phone: { name: 'phone', width: 390, height: 844, deviceScaleFactor: 2, coverFile: 800 },
};

test.describe('the cross-engine journeys, in Chromium', () => {
  for (const journey of JOURNEYS) {
    test(journey.name, async ({ page, app }, testInfo) => {
      // A journey may wait for the engine's own timeouts (a send refused or held, 30 s, then the
      // page opened again, 30 s): more than the suite's 60 s on a busy machine.
      test.setTimeout(120_000);
      test.skip(Boolean(journey.knownDefect?.chromium), journey.knownDefect?.chromium);
      test.skip(journey.only !== undefined && journey.only !== testInfo.project.name, `run at the ${journey.only ?? ''} size only`);
      const viewport = VIEWPORTS[testInfo.project.name];
      if (!viewport) throw new Error(`no journey viewport for the project ${testInfo.project.name}`);
      await app.recordPageErrors();
      await journey.run(playwrightEnginePage(page), app, viewport);
    });
  }
});
