/**
 * The e-mails the receiver sends a creator (server/mail/), in English: the receipt of an
 * application, and the team's decision. Each text is plain words with `{placeholders}`
 * (format-message.ts), paragraphs apart by a blank line: the mail room writes them as plain text
 * and as HTML (every character escaped, `{link}` a link, `{message}` quoted). A programme may
 * replace any of them (config `messages`, the same keys; the checker insists on the placeholders).
 * The page never imports these: they are the server's, bundled by vite.server.config.ts.
 */
export const MAIL_EN = {
  mailReceiptSubject: '{programme}: we received your application',
  mailReceiptBody:
    'Thank you for applying to {programme}. Your application arrived safely.\n\nIts reference is {reference}: give it if you write to the team.\n\nSee where your application stands at any time:\n{link}',
  mailAcceptedSubject: '{programme}: your application is accepted',
  mailAcceptedBody: 'Good news: your application to {programme} is accepted.\n\nReference: {reference}\n\nSee where your application stands:\n{link}',
  mailDeclinedSubject: '{programme}: about your application',
  mailDeclinedBody:
    'Thank you for your interest in {programme}. After reading your application, the team will not go further with it this time.\n\nReference: {reference}\n\nSee where your application stands:\n{link}',
  mailTeamMessage: 'A message from the team:\n\n{message}',
  mailFooter: 'You receive this e-mail because this address was given in an application to {programme}.',
} as const;

/** The name of a text of the creator's e-mails. */
export type MailMessageKey = keyof typeof MAIL_EN;

/** Every text of the e-mails in one language. */
export type MailCatalogue = Readonly<Record<MailMessageKey, string>>;
