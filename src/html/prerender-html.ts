import { createContext } from 'react';

/**
 * Set only when Welcome is rendered to HTML at build time (src/prerender): the sanitizer that
 * lets SafeHtml put configured HTML into that markup, as the browser's sanitizer does later.
 */
export const PrerenderHtmlContext = createContext<((html: string) => string) | null>(null);
