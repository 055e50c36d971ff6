import { createContext } from 'react';
import type { SessionUploads } from './session-uploads';

/**
 * The application session's uploads (session-uploads.ts), given by the wizard to the file fields
 * below it. Apart from the hook that reads it (use-page-uploads.ts), since that one brings the
 * upload code, and the wizard providing this must not.
 */
export const SessionUploadsContext = createContext<SessionUploads | null>(null);
