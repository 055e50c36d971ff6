// One e-mail to a creator, from a status row: the receipt on `received`, the decision on
// `accepted` and `declined` (with the team's message quoted, when there is one), in plain text and
// in HTML. The HTML is the text's paragraphs with every character escaped (the programme's name,
// the team's message and the deployer's own words alike), the status link the only link, and no
// remote image or style sheet: nothing a mail client fetches, nothing that tells a sender the
// e-mail was opened.
import { createHash } from 'node:crypto';

/**
 * @typedef {import('../../src/i18n/mail-words.ts').MailWords} MailWords the e-mails' words in one language
 * @typedef {{ subject: string, text: string, html: string }} MailContent
 */

/** The texts of each status a creator is told of; in-review is not (a step of the team's, not news). */
const KEYS = /** @type {const} */ ({
  received: { subject: 'mailReceiptSubject', body: 'mailReceiptBody' },
  accepted: { subject: 'mailAcceptedSubject', body: 'mailAcceptedBody' },
  declined: { subject: 'mailDeclinedSubject', body: 'mailDeclinedBody' },
});

/** @param {string} status */
export function isMailedStatus(status) {
  return Object.hasOwn(KEYS, status);
}

// Stand-ins for what the HTML writes as markup, from Unicode's private use area: no text holds them
// (a programme's words and a team's message are storable text), and escaping leaves them as they are.
const LINK = '\uE000link\uE001';
const MESSAGE = '\uE000message\uE001';

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);
}

/** @param {string} text */
function lines(text) {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/**
 * @param {{ words: MailWords, status: string, programmeTitle: string, reference: string, link: string, message: string | null }} what
 * @returns {MailContent}
 */
export function mailContent({ words, status, programmeTitle, reference, link, message }) {
  if (!isMailedStatus(status)) throw new Error(`no e-mail for the status ${status}`);
  const keys = KEYS[/** @type {keyof typeof KEYS} */ (status)];
  const teamMessage = message !== null && message.trim() !== '' && status !== 'received' ? message.trim() : null;
  /** @param {Record<string, string>} values */
  const paragraphs = (values) => [
    words.text(keys.body, { programme: programmeTitle, reference, ...values }),
    ...(teamMessage === null ? [] : [words.text('mailTeamMessage', { programme: programmeTitle, reference, ...values })]),
    words.text('mailFooter', { programme: programmeTitle, reference, ...values }),
  ];
  const subject = words.text(keys.subject, { programme: programmeTitle, reference, link: '', message: '' }).replace(/\s+/g, ' ').trim();
  const quoted =
    teamMessage === null
      ? ''
      : teamMessage
          .split(/\r?\n/)
          .map((line) => `> ${line}`)
          .join('\n');
  const text = `${paragraphs({ link, message: quoted }).join('\n\n')}\n`;
  const anchor = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
  const quote =
    teamMessage === null
      ? ''
      : `<blockquote style="margin:0 0 1em;padding-inline-start:1em;border-inline-start:3px solid #ccc">${lines(teamMessage)}</blockquote>`;
  const blocks = paragraphs({ link: LINK, message: MESSAGE })
    .join('\n\n')
    .split(/(?:\r?\n){2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) =>
      paragraph === MESSAGE
        ? quote
        : `<p>${lines(paragraph)
            .replaceAll(LINK, anchor)
            .replaceAll(MESSAGE, teamMessage === null ? '' : `<q>${lines(teamMessage)}</q>`)}</p>`,
    );
  const html = `<!DOCTYPE html>\n<html lang="${escapeHtml(words.lang)}" dir="${words.direction}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body>\n${blocks.join('\n')}\n</body></html>\n`;
  return { subject, text, html };
}

/**
 * The e-mail's Message-ID, the same at every attempt: a receiving system that is handed it twice
 * (a receiver died after the SMTP server took it, before the outbox said so) may drop the second.
 * Made of a hash of the application's id (not the id itself: it travels in the e-mail's headers),
 * the status row's number and the site's domain.
 * @param {{ applicationId: string, seq: number, domain: string }} row
 */
export function mailMessageId({ applicationId, seq, domain }) {
  const hash = createHash('sha256').update(`application-status-mail\n${applicationId}`).digest('hex').slice(0, 32);
  return `<${hash}.${String(seq)}@${domain}>`;
}
