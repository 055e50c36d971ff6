import { createContext } from 'react';

/**
 * How many of a form section's fields, from the top, are live: the others wait in hidden
 * Activities, drawn but with their effects held back (app/use-live-parts.ts says why). Everything
 * is live unless the wizard says otherwise.
 */
export const LiveFieldsContext = createContext(Number.POSITIVE_INFINITY);
