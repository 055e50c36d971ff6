import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A screen's heading: it takes the focus when the screen opens, so a screen reader announces the
 * new screen and the keyboard starts from its top, and it names the browser's tab.
 */
export function ScreenHeading({ children, title }: { children: ReactNode; title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Team inbox`;
  }, [title]);
  // As the screen is committed, before it is painted: nothing can take the focus in between.
  useLayoutEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className="team-heading">
      {children}
    </h1>
  );
}
