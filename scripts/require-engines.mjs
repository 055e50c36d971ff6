// The cross-engine suite drives Debian's Firefox ESR and WebKitGTK (under Xvfb); say how to get
// them when any is missing, in one line, instead of skipping.
import { accessSync, constants } from 'node:fs';

/** @type {[variable: string, fallback: string, aptPackage: string][]} */
const needed = [
  ['FIREFOX_PATH', '/usr/bin/firefox-esr', 'firefox-esr'],
  ['WEBKIT_DRIVER_PATH', '/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
  ['MINIBROWSER_PATH', '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', 'webkit2gtk-driver'],
  ['XVFB_PATH', '/usr/bin/Xvfb', 'xvfb'],
];
const missing = needed.filter(([variable, fallback]) => {
  try {
    accessSync(process.env[variable] ?? fallback, constants.X_OK);
    return false;
  } catch {
    return true;
  }
});
if (missing.length > 0) {
  const files = missing.map(([variable, fallback]) => process.env[variable] ?? fallback).join(', ');
  const packages = [...new Set(missing.map(([, , pkg]) => pkg))].join(' ');
  console.error(
    `The cross-engine suite needs ${files}: install them with "apt-get install -y ${packages}" (or set ${missing.map(([variable]) => variable).join(', ')}).`,
  );
  process.exit(1);
}
