import { createContext, useContext } from 'react';

/**
 * The files the receiver refused for good at the last send, by SHA-256, each with the receiver's
 * rule (file-type, file-too-large, …): a file field's row for such a file says it was refused and
 * why, not "Uploaded". Empty while nothing is refused.
 */
export const RefusedFilesContext = createContext<ReadonlyMap<string, string>>(new Map());

/** The refused files' rules by SHA-256. */
export function useRefusedFiles(): ReadonlyMap<string, string> {
  return useContext(RefusedFilesContext);
}
