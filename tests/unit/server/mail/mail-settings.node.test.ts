// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeMail, mailSettings } from '../../../../server/mail/mail-settings.mjs';

/** Mail is refused without the site's address: every e-mail's link points there. */
const SITE = { PUBLIC_ORIGIN: 'https://apply.example.com' };

describe('SMTP_URL and MAIL_FROM', () => {
  it('leave mail off when SMTP_URL is not set, whatever MAIL_FROM says', () => {
    expect(mailSettings({})).toBeNull();
    expect(mailSettings({ MAIL_FROM: 'team@example.com', SMTP_URL: '  ' })).toBeNull();
    expect(describeMail(null)).toMatch(/^Mail: off/);
  });

  it('read smtp:// (STARTTLS where offered) with a percent-encoded user and password', () => {
    const settings = mailSettings({ SMTP_URL: 'smtp://apikey:p%40ss%3Aword%2F1@smtp.example.com:2587', MAIL_FROM: 'Creator team <team@example.com>', ...SITE });
    expect(settings).toMatchObject({
      host: 'smtp.example.com',
      port: 2587,
      secure: false,
      user: 'apikey',
      password: 'p@ss:word/1',
      from: 'Creator team <team@example.com>',
      fromAddress: 'team@example.com',
    });
  });

  it('read smtps:// as TLS from the start, on 465 unless a port is given; 587 for smtp://', () => {
    expect(mailSettings({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'team@example.com', ...SITE })).toMatchObject({
      secure: true,
      port: 465,
      user: null,
      password: null,
    });
    expect(mailSettings({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'team@example.com', ...SITE })).toMatchObject({ secure: false, port: 587 });
  });

  it('say host and port at start, never the user or the password', () => {
    const line = describeMail(mailSettings({ SMTP_URL: 'smtp://someone:sup3rsecret@smtp.example.com:25', MAIL_FROM: 'team@example.com', ...SITE }));
    expect(line).toContain('smtp.example.com:25');
    expect(line).not.toContain('sup3rsecret');
    expect(line).not.toContain('someone');
  });

  it.each([
    ['http://smtp.example.com', /must be smtp:\/\/ .* or smtps:\/\//],
    ['smtp.example.com:587', /must be smtp:\/\/|not a URL/],
    ['not a url at all', /not a URL/],
  ])('refuse SMTP_URL %s with a clear error', (url, error) => {
    expect(() => mailSettings({ SMTP_URL: url, MAIL_FROM: 'team@example.com', ...SITE })).toThrow(error);
  });

  it('refuse to send mail without PUBLIC_ORIGIN, which the links would otherwise take from Host', () => {
    expect(() => mailSettings({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'team@example.com' })).toThrow(/PUBLIC_ORIGIN is not/);
    expect(() => mailSettings({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'team@example.com', PUBLIC_ORIGIN: '  ' })).toThrow(/PUBLIC_ORIGIN is not/);
  });

  it('never repeat a password in a refusal', () => {
    expect(() => mailSettings({ SMTP_URL: 'smtp://user:hunter2@[bad', MAIL_FROM: 'team@example.com', ...SITE })).toThrow(/^(?!.*hunter2)/);
  });

  it('require MAIL_FROM with SMTP_URL, and an address in it', () => {
    expect(() => mailSettings({ SMTP_URL: 'smtp://smtp.example.com', ...SITE })).toThrow(/MAIL_FROM is not/);
    for (const from of ['team', 'team@', '<team@example.com', 'Team <team@example.com>\r\nBcc: x@example.com', 'a b@example.com']) {
      expect(() => mailSettings({ SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: from, ...SITE })).toThrow(/MAIL_FROM is not an e-mail address/);
    }
  });
});
