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
      test.skip(Boolean(journey.knownDefect?.chromium), journey.knownDefect?.chromium);
      const viewport = VIEWPORTS[testInfo.project.name];
      if (!viewport) throw new Error(`no journey viewport for the project ${testInfo.project.name}`);
      await app.recordPageErrors();
      await journey.run(playwrightEnginePage(page), app, viewport);
    });
  }
});
