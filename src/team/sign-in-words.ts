/**
 * The sign-in page's words and its one check. The same words answer every well-formed address,
 * member or not (the server mails only members, in the same time): the page never tells who is on the team.
 */
export const LINK_SENT = 'If this address belongs to the team, a sign-in link is on its way. It works once, within 15 minutes.';
export const SESSION_ENDED = 'Your session ended. Sign in again.';
export const SIGN_IN_REFUSED = 'That account is not on the team. Sign in with an address that is, or ask an admin to add you.';
export const SIGNED_OUT = 'You have signed out.';

/** The longest address the mail standards allow. */
const EMAIL_MAX = 254;

/** Why an address cannot be sent, or null: the browser's own check, said in words, before the server's. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Enter your e-mail address.';
  if (email.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return 'Enter an e-mail address such as name@example.com.';
  return null;
}
