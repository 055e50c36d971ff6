/** Where making a link stands, as the dialog shows it. */
export type HandoverAttempt =
  | { state: 'making' }
  | { state: 'ready'; link: string; expiresAt: number }
  | { state: 'failed'; reason: 'offline' | 'unavailable' | 'refused' | 'too-large' | 'accepted' };
