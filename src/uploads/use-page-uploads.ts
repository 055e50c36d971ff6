import { useContext } from 'react';
import { pageUploadsOf } from './page-uploads';
import type { PageUploads } from './session-uploads';
import { SessionUploadsContext } from './session-uploads-context';

/** The upload queue of the session the wizard shows: made at the first file field drawn, the same one after. */
export function usePageUploads(): PageUploads {
  const owner = useContext(SessionUploadsContext);
  if (!owner) throw new Error("usePageUploads needs a SessionUploadsContext provider (WizardApp gives the session's).");
  return pageUploadsOf(owner);
}
