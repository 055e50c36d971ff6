/**
 * The chevron of the form's lists. Inline SVG on purpose: drawn as an SVG image (a CSS
 * background) it made the browser build an image document of its own the first time a step
 * showed it, about 40 ms of main thread on a phone four times slower, inside the press that
 * opened the step.
 */
export function ChevronIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
