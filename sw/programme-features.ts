// Which optional parts of the app a programme asks for, read from its config.json as it is (no
// schema: the worker must stay small, and a config it cannot read asks for nothing). The build tags
// each optional chunk with the features that need it (scripts/optional-chunks.ts); the service
// worker precaches the rest, and fetches a feature's chunks only for a programme that asks for it.
// Self-contained (imports nothing), so the byte budgets and the benchmark read programmes the same way.

/** File fields: the field, the photo worker, the tus client and the upload queue. */
export const FILES_FEATURE = 'files';
/** "Continue on another device": its dialog and QR code (on unless the programme says `false`). */
export const HANDOVER_FEATURE = 'handover';
/**
 * Analytics or error reporting: what the two libraries share (their scrubbing of personal data).
 * The libraries themselves are never precached (vite.config.ts): they only work online.
 */
export const TELEMETRY_FEATURE = 'telemetry';
/**
 * DOMPurify, for a browser without the HTML Sanitizer API (src/html/sanitize-html.ts): no
 * programme asks for it; a page that loaded it says so (src/pwa/keep-loaded-scripts.ts).
 */
export const SANITIZER_FEATURE = 'sanitizer';
/**
 * The page's proof-of-work solver (src/proof-of-work/page-proofs.ts and its Web Worker): the
 * receiver's setting, not config.json's, so no programme asks for it; a page that loaded it, its
 * receiver asking for proof of work, says so (src/pwa/keep-loaded-scripts.ts).
 */
export const PROOF_OF_WORK_FEATURE = 'proof-of-work';
/**
 * The status page (status/index.html): its entry chunk and stylesheet, which no programme asks
 * for in config.json; the page has its worker keep them once opened (src/status/keep-status-page.ts),
 * so every creator's first visit does not download a page only some open, yet one opened once opens offline.
 */
export const STATUS_FEATURE = 'status';
/** A built-in catalogue other than English (English is in the entry). */
export function languageFeature(language: string): string {
  return `lang:${language}`;
}

/** The languages whose catalogue is a chunk of its own (src/i18n/built-in-catalogues.ts). */
const CATALOGUE_LANGUAGES = ['fr', 'es'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether a field of kind "file" is anywhere under a value (the steps, their sections and blocks). */
function namesFileField(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(namesFileField);
  if (!isRecord(value)) return false;
  if (value.kind === 'file') return true;
  return Object.values(value).some(namesFileField);
}

/** The features a programme's configuration asks for. */
export function programmeFeatures(config: unknown): Set<string> {
  const features = new Set<string>();
  if (!isRecord(config)) return features;
  const tags = [config.lang, ...(Array.isArray(config.languages) ? (config.languages as unknown[]) : [])];
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const language = tag.toLowerCase().split('-')[0] ?? '';
    if (CATALOGUE_LANGUAGES.includes(language)) features.add(languageFeature(language));
  }
  if (namesFileField(config.steps)) features.add(FILES_FEATURE);
  if (config.continueOnAnotherDevice !== false) features.add(HANDOVER_FEATURE);
  if (config.analytics || config.errorReporting) features.add(TELEMETRY_FEATURE);
  return features;
}
