// The e-mail that carries a sign-in link, in English (the team's inbox speaks English to start):
// plain text and HTML, through the SMTP server of SMTP_URL (mail/mail-settings.mjs), one
// connection at a time. It is sent after the request is answered, so how long the SMTP server
// takes tells the asker nothing about whether the address is a member's.
import { createSmtpTransport } from '../mail/smtp-transport.mjs';
import { LINK_MINUTES } from './sign-in-links.mjs';

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);
}

/**
 * What the e-mail says.
 * @param {{ link: string, site: string }} content site: the origin, which the reader may recognise
 */
export function signInMailContent({ link, site }) {
  const subject = 'Your sign-in link for the programme team';
  const lines = [
    `Someone asked to sign in to the programme team's inbox at ${site} with this address.`,
    '',
    `Open this link to sign in (it works once, for ${String(LINK_MINUTES)} minutes):`,
    link,
    '',
    'If you did not ask for it, ignore this e-mail: without the link, no one signs in.',
  ];
  const html = [
    '<!doctype html><html lang="en"><body>',
    `<p>Someone asked to sign in to the programme team's inbox at ${escapeHtml(site)} with this address.</p>`,
    `<p><a href="${escapeHtml(link)}">Sign in</a> (the link works once, for ${String(LINK_MINUTES)} minutes).</p>`,
    `<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>`,
    '<p>If you did not ask for it, ignore this e-mail: without the link, no one signs in.</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text: `${lines.join('\n')}\n`, html };
}

/**
 * @param {import('../mail/mail-settings.mjs').MailSettings} settings
 */
export function createSignInMailer(settings) {
  const transport = createSmtpTransport(settings);
  return {
    /**
     * @param {string} to
     * @param {{ link: string, site: string }} what
     */
    async send(to, what) {
      const content = signInMailContent(what);
      await transport.sendMail({
        from: settings.from,
        to,
        ...content,
        // RFC 3834: an automatic message, so out-of-office replies do not answer it.
        headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': 'en' },
        signal: AbortSignal.timeout(4 * settings.timeoutMs),
      });
    },
    close() {
      transport.close();
    },
  };
}

/** @typedef {ReturnType<typeof createSignInMailer>} SignInMailer */
