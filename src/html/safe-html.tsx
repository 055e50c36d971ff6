import { useContext, useLayoutEffect, useRef } from 'react';
import { PrerenderHtmlContext } from './prerender-html';
import { setSanitizedHtml } from './sanitize-html';

interface SafeHtmlProps {
  html: string;
  id?: string | undefined;
  className?: string;
  as?: 'div' | 'p' | 'footer';
  /** Set where the HTML is in another language than the page's (a translation missing). */
  lang?: string | undefined;
  dir?: 'ltr' | 'rtl' | undefined;
}

/** Renders configured HTML after sanitizing it; the only place the app sets inner HTML. */
export function SafeHtml({ html, id, className, as: Tag = 'div', lang, dir }: SafeHtmlProps) {
  const ref = useRef<HTMLDivElement & HTMLParagraphElement & HTMLElement>(null);
  // At build time only (the prerendered Welcome in index.html), cleaned by the same policy.
  const prerender = useContext(PrerenderHtmlContext);
  // Before paint, so the content is there in the very first frame, as with inner HTML.
  useLayoutEffect(() => {
    if (ref.current) setSanitizedHtml(ref.current, html);
  }, [html]);
  if (prerender) return <Tag id={id} className={className} lang={lang} dir={dir} dangerouslySetInnerHTML={{ __html: prerender(html) }} />;
  return <Tag ref={ref} id={id} className={className} lang={lang} dir={dir} />;
}
