import { createContext, useContext } from 'react';

/**
 * Where the programme sends applications (config `requestUrl`), for the fields that reach the
 * receiver beside it themselves: a file field uploads its files as soon as they are chosen.
 * null when the programme names no receiver.
 */
export const RequestUrlContext = createContext<string | null>(null);

/** The programme's requestUrl, or null. */
export function useRequestUrl(): string | null {
  return useContext(RequestUrlContext);
}
