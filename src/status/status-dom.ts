import { formatMoment } from '../i18n/format-moment';
import type { StatusMessageKey } from '../i18n/status-messages-en';
import type { Standing } from './status-answer';
import { textDirection } from '../i18n/text-direction';
import type { MessageValues } from '../i18n/format-message';
import type { StatusWords } from './status-texts';
import type { Staleness, StatusView } from './status-view';

/**
 * The status page drawn with plain DOM (no framework: the page is one view that changes a few
 * times, and its whole script stays a few kilobytes). Text only, through textContent: nothing the
 * receiver or config.json says is read as HTML.
 */

const SENTENCE: Readonly<Record<Standing, StatusMessageKey>> = {
  received: 'statusReceived',
  'in-review': 'statusInReview',
  accepted: 'statusAccepted',
  declined: 'statusDeclined',
};
const HISTORY: Readonly<Record<Standing, StatusMessageKey>> = {
  received: 'historyReceived',
  'in-review': 'historyInReview',
  accepted: 'historyAccepted',
  declined: 'historyDeclined',
};
const STALE: Readonly<Record<Exclude<Staleness, null | 'checking'>, StatusMessageKey>> = {
  offline: 'statusOfflineKept',
  failed: 'statusFailedKept',
  busy: 'statusBusyKept',
};
const NOTICE = {
  checking: 'statusChecking',
  offline: 'statusOffline',
  failed: 'statusFailed',
  busy: 'statusBusy',
  'unknown-link': 'statusUnknownLink',
  'no-link': 'statusNoLink',
} as const satisfies Record<string, StatusMessageKey>;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

/** The page's lasting parts: the live region keeps its node, so a change after Check again is announced. */
export interface StatusPage {
  programme: HTMLElement;
  heading: HTMLElement;
  intro: HTMLElement;
  statusHeading: HTMLElement;
  live: HTMLElement;
  details: HTMLElement;
  history: HTMLElement;
  checkAgain: HTMLButtonElement;
}

/** Builds the page's frame into <body>: header, main with one h1, the status in a named region. */
export function buildStatusPage(body: HTMLElement): StatusPage {
  const header = element('header', undefined, 'status-header');
  const programme = element('p', '', 'status-header__programme');
  header.append(programme);
  const main = element('main', undefined, 'status-main');
  const heading = element('h1');
  const intro = element('p', '', 'status-intro');
  const region = element('section', undefined, 'status-card');
  const statusHeading = element('h2');
  statusHeading.id = 'status-now';
  region.setAttribute('aria-labelledby', statusHeading.id);
  const live = element('div', undefined, 'status-live');
  live.setAttribute('role', 'status');
  const details = element('div');
  region.append(statusHeading, live, details);
  const history = element('section', undefined, 'status-history');
  const checkAgain = element('button', '', 'button button--primary status-check');
  checkAgain.type = 'button';
  main.append(heading, intro, region, history, checkAgain);
  body.replaceChildren(header, main);
  return { programme, heading, intro, statusHeading, live, details, history, checkAgain };
}

export interface Drawn {
  view: StatusView;
  words: StatusWords;
  language: string;
  programmeTitle: string;
  checking: boolean;
}

/** Draws a view into the page's frame, in its language. */
export function drawStatus(page: StatusPage, { view, words, language, programmeTitle, checking }: Drawn): void {
  const { text } = words;
  const moment = (at: number) => formatMoment(at, language);
  /**
   * A key's words into an element: inside a span with their own `lang` and `dir` where they are
   * not in the page's language (English where an Arabic programme gives none), as the wizard shows
   * such texts, so their punctuation stays at their end and a screen reader reads them in it,
   * while the element keeps the page's alignment.
   */
  const fill = (target: HTMLElement, key: StatusMessageKey, values?: MessageValues) => {
    const own = words.languageOf(key);
    if (own === language) {
      target.textContent = text(key, values);
      return;
    }
    const span = element('span', text(key, values));
    span.lang = own;
    span.dir = textDirection(own);
    target.replaceChildren(span);
  };
  const said = <K extends keyof HTMLElementTagNameMap>(tag: K, key: StatusMessageKey, values?: MessageValues, className?: string) => {
    const made = element(tag, undefined, className);
    fill(made, key, values);
    return made;
  };
  page.programme.textContent = programmeTitle;
  fill(page.heading, 'statusTitle');
  if (programmeTitle) fill(page.intro, 'statusProgramme', { programme: programmeTitle });
  else page.intro.textContent = '';
  fill(page.statusHeading, 'statusNow');
  document.title = programmeTitle ? `${text('statusTitle')} · ${programmeTitle}` : text('statusTitle');
  fill(page.checkAgain, 'statusCheckAgain');
  page.checkAgain.setAttribute('aria-disabled', String(checking));
  // Not shown while the first check has nothing else to show: the answer then grows the card above
  // it, and a button that moved as it was about to be pressed would take the press elsewhere.
  page.checkAgain.hidden = view.kind === 'notice' && (view.notice === 'no-link' || view.notice === 'checking');

  const lines: HTMLElement[] = [];
  const details: HTMLElement[] = [];
  const history: HTMLElement[] = [];
  if (view.kind === 'notice') {
    lines.push(said('p', NOTICE[view.notice], undefined, 'status-notice'));
  } else {
    lines.push(
      said(
        'p',
        view.kind === 'withdrawn' ? 'statusWithdrawn' : SENTENCE[view.answer.status],
        undefined,
        `status-now status-now--${view.kind === 'withdrawn' ? 'withdrawn' : view.answer.status}`,
      ),
    );
    if (view.stale && view.stale !== 'checking') lines.push(said('p', STALE[view.stale], undefined, 'status-stale'));
    // The moment in the sentence's own language: an English sentence on an Arabic page (a programme
    // without Arabic words for it) would otherwise hold an Arabic date in a left-to-right line.
    lines.push(said('p', 'statusLastChecked', { moment: formatMoment(view.checkedAt, words.languageOf('statusLastChecked')) }, 'status-checked'));
  }
  if (view.kind === 'standing') {
    const { answer } = view;
    const list = element('dl', undefined, 'status-facts');
    list.append(
      said('dt', 'statusReference'),
      element('dd', answer.reference, 'status-reference'),
      said('dt', 'statusReceivedOn'),
      element('dd', moment(answer.receivedAt)),
    );
    details.push(list);
    if (answer.message) {
      const message = element('div', undefined, 'status-message');
      message.append(said('h3', 'statusTeamMessage'), element('p', answer.message));
      details.push(message);
    }
    if (answer.history.length > 0) {
      const title = said('h2', 'statusHistory');
      title.id = 'status-history';
      const entries = element('ol', undefined, 'status-history__list');
      for (const change of answer.history) {
        const item = element('li');
        const when = element('time', moment(change.changedAt));
        when.dateTime = new Date(change.changedAt).toISOString();
        item.append(said('span', HISTORY[change.status], undefined, 'status-history__status'), ' ', when);
        entries.append(item);
      }
      history.push(title, entries);
    }
  }
  page.live.replaceChildren(...lines);
  page.details.replaceChildren(...details);
  page.history.replaceChildren(...history);
  if (history.length > 0) page.history.setAttribute('aria-labelledby', 'status-history');
  else page.history.removeAttribute('aria-labelledby');
}
