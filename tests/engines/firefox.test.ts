// The shared journeys in Firefox ESR (puppeteer-core over WebDriver BiDi).
import { defineEngineSuite } from './engine-suite';
import { launchFirefox } from './firefox-engine';

defineEngineSuite('Firefox ESR', 'firefox', launchFirefox, [
  { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, coverFile: 800 },
  { name: 'phone', width: 390, height: 844, deviceScaleFactor: 2, coverFile: 800 },
]);
