import { useLayoutEffect, useRef } from 'react';
import { setSanitizedHtml } from './sanitize-html';

interface SafeHtmlProps {
  html: string;
  id?: string | undefined;
  className?: string;
  as?: 'div' | 'p' | 'footer';
}

/** Renders configured HTML after sanitizing it; the only place the app sets inner HTML. */
export function SafeHtml({ html, id, className, as: Tag = 'div' }: SafeHtmlProps) {
  const ref = useRef<HTMLDivElement & HTMLParagraphElement & HTMLElement>(null);
  // Before paint, so the content is there in the very first frame, as with inner HTML.
  useLayoutEffect(() => {
    if (ref.current) setSanitizedHtml(ref.current, html);
  }, [html]);
  return <Tag ref={ref} id={id} className={className} />;
}
