/** Where making a link stands, as the dialog shows it. */
export type HandoverAttempt =
  | { state: 'making' }
  | { state: 'ready'; link: string; expiresAt: number; /** Names of the files the link leaves on this device (not uploaded yet). */ staying: readonly string[] }
  | { state: 'failed'; reason: 'offline' | 'unavailable' | 'refused' | 'too-large' | 'accepted' };
