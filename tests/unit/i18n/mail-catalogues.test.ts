import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../../../src/i18n/format-message';
import { MAIL_EN, type MailMessageKey } from '../../../src/i18n/mail-messages-en';
import { MAIL_ES } from '../../../src/i18n/mail-messages-es';
import { MAIL_FR } from '../../../src/i18n/mail-messages-fr';
import { mailWords } from '../../../src/i18n/mail-words';
import { messageFindings } from '../../../src/config/message-findings';
import { messagesSchema } from '../../../src/config/messages-schema';

const KEYS = Object.keys(MAIL_EN).sort() as MailMessageKey[];

describe("the e-mails' catalogues", () => {
  it.each([
    ['fr', MAIL_FR],
    ['es', MAIL_ES],
  ] as const)('%s has every key, each with the placeholders English fills', (_, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(KEYS);
    for (const key of KEYS) expect([...placeholdersOf(catalogue[key])].sort(), key).toEqual([...placeholdersOf(MAIL_EN[key])].sort());
  });

  it('the bodies carry the reference and the link', () => {
    for (const key of ['mailReceiptBody', 'mailAcceptedBody', 'mailDeclinedBody'] as const)
      expect([...placeholdersOf(MAIL_EN[key])]).toEqual(expect.arrayContaining(['reference', 'link']));
  });

  it("take a programme's words over their own, for the e-mails' keys only, and a regional tag's language", () => {
    const words = mailWords('fr-CA', { mailReceiptSubject: 'Reçu : {programme}', saved: 'ignored here' });
    expect(words.text('mailReceiptSubject', { programme: 'P' })).toBe('Reçu : P');
    expect(words.text('mailAcceptedSubject', { programme: 'P' })).toBe('P : votre candidature est acceptée');
    expect(mailWords('ar', {}).direction).toBe('rtl');
  });

  it('are keys the checker and the JSON Schema accept in `messages`, their placeholders required', () => {
    expect(messageFindings({ mailReceiptSubject: 'Got it: {programme}' })).toEqual([]);
    expect(messageFindings({ mailReceiptBody: 'Thanks! {programme}' })).toEqual([
      { path: 'messages.mailReceiptBody', message: 'must contain {reference}, which the app fills in' },
      { path: 'messages.mailReceiptBody', message: 'must contain {link}, which the app fills in' },
    ]);
    expect(messageFindings({ mailReceiptSubject: { one: 'x', other: '{programme}' } })).toEqual([
      { path: 'messages.mailReceiptSubject', message: 'this text has no count: give words, not plural forms' },
    ]);
    expect(messagesSchema().safeParse({ mailDeclinedBody: '{programme} {reference} {link}' }).success).toBe(true);
    expect(messagesSchema().safeParse({ mailDeclinedBody: '{programme} {reference}' }).success).toBe(false);
  });
});
