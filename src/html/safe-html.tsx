import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';

interface SafeHtmlProps {
  html: string;
  id?: string | undefined;
  className?: string;
  as?: 'div' | 'p' | 'footer';
}

/** Renders configured HTML after sanitizing it; the only place the app sets inner HTML. */
export function SafeHtml({ html, id, className, as: Tag = 'div' }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
