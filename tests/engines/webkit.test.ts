// The shared journeys in WebKitGTK (selenium-webdriver, WebKitWebDriver and MiniBrowser under Xvfb).
import { defineEngineSuite } from './engine-suite';
import { launchWebkit } from './webkit-engine';

defineEngineSuite('WebKitGTK', 'webkit', launchWebkit, [
  { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, coverFile: 800 },
  // MiniBrowser's narrowest window (447 CSS pixels wide, at 1x): a 480 cover.
  { name: 'phone', width: 447, height: 844, deviceScaleFactor: 1, coverFile: 480 },
]);
