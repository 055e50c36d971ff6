import '../styles/base.css';
import './status.css';
import { inLanguage, offeredLanguages } from '../config/translated-config';
import { textDirection } from '../i18n/text-direction';
import { rememberedLanguage } from '../storage/language-choice';
import { keepAnswer, readKeptAnswer, readReceipt } from '../storage/status-keeping';
import { secretInFragment } from './status-answer';
import { buildStatusPage, drawStatus } from './status-dom';
import { statusLanguage } from './status-language';
import { lookupStatus } from './lookup-status';
import { statusLookupUrl } from './lookup-url';
import { statusWords } from './status-texts';
import { keepStatusPage } from './keep-status-page';
import { readProgramme } from './read-programme';
import { keptFrom, readKept, statusView, type KeptStatus, type LookupOutcome, type StatusView } from './status-view';

/**
 * The status page's entry (status/index.html): where an application stands, from its link's
 * secret (the address's fragment, which no request carries). The secret goes only into the
 * lookup's Authorization header; what the device keeps is filed under its SHA-256, never under it.
 */

const BASE = import.meta.env.BASE_URL;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The link's secret: the address's fragment, else (the page opened bare) the last receipt this device kept. */
async function findSecret(): Promise<string | null> {
  const fromAddress = secretInFragment(location.hash);
  if (fromAddress) return fromAddress;
  const receipt = await readReceipt();
  return receipt ? secretInFragment(new URL(receipt.statusUrl).hash) : null;
}

async function start(): Promise<void> {
  const [programme, secret] = await Promise.all([readProgramme(`${BASE}config.json`), findSecret()]);
  // Built once the programme's words are known, so its title fills the header at its first paint
  // rather than pushing the page down a moment later (status/index.html says "Checking…" until then).
  const page = buildStatusPage(document.body);
  const offered = offeredLanguages(programme);
  const fields = (language: string) => {
    const read = inLanguage(programme, language) as { programmeTitle?: unknown; messages?: unknown; requestUrl?: unknown } | null;
    return {
      title: typeof read?.programmeTitle === 'string' ? read.programmeTitle : '',
      messages: typeof read?.messages === 'object' && read.messages !== null ? (read.messages as Record<string, unknown>) : {},
      requestUrl: read?.requestUrl,
    };
  };
  let checking = false;
  const draw = (view: StatusView) => {
    const applied = view.kind === 'standing' ? view.answer.language : null;
    const language = statusLanguage(offered, applied, navigator.languages, rememberedLanguage());
    const words = fields(language);
    document.documentElement.lang = language;
    document.documentElement.dir = textDirection(language);
    drawStatus(page, { view, words: statusWords(language, words.messages), language, programmeTitle: words.title, checking });
  };
  if (!secret) {
    draw({ kind: 'notice', notice: 'no-link' });
    return;
  }
  // Drawn in the frame's first paint, before anything is awaited: an empty header filled a moment
  // later would push the page down.
  draw({ kind: 'notice', notice: 'checking' });
  const keyed = await sha256Hex(secret);
  let kept: KeptStatus | null = readKept(await readKeptAnswer(keyed));
  const lookupUrl = statusLookupUrl(fields(offered[0] ?? 'en').requestUrl, location.href);

  const check = async () => {
    if (checking) return;
    checking = true;
    draw(statusView(null, kept, Date.now()));
    const outcome: LookupOutcome = await lookupStatus(lookupUrl, secret);
    const now = Date.now();
    const keep = keptFrom(outcome, now);
    if (keep) {
      kept = keep;
      await keepAnswer(keyed, keep);
    }
    checking = false;
    draw(statusView(outcome, kept, now));
  };
  page.checkAgain.addEventListener('click', () => void check());
  await check();
}

/**
 * The same worker as the wizard's (none under `npm run dev`, which has no precache), registered as
 * the wizard registers it: once the page has loaded, at the browser's first idle moment. Its install
 * downloads and precaches the app, which would otherwise take the phone's CPU and connection from
 * this page's first paint and its lookup.
 */
function keepWhenLoaded(): void {
  if (import.meta.env.MODE === 'development') return;
  const register = () => {
    keepStatusPage(`${BASE}sw.js`);
  };
  // Safari has no requestIdleCallback: at once, then.
  const keep = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 3000 });
    else register();
  };
  if (document.readyState === 'complete') keep();
  else window.addEventListener('load', keep, { once: true });
}

keepWhenLoaded();
void start();
