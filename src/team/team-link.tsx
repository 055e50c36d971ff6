import type { MouseEvent, ReactNode } from 'react';
import { useTeam } from './team-context';
import { isPlainClick } from './team-routes';

/** A link to a page of the app: opened in place on a plain click, in a new tab as any link otherwise. */
export function TeamLink({ href, children, className, current }: { href: string; children: ReactNode; className?: string; current?: boolean }) {
  const { navigate } = useTeam();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} className={className} onClick={open} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
