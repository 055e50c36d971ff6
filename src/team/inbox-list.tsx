import { useEffect, useRef } from 'react';
import type { InboxItem } from './team-answers';
import { TeamLink } from './team-link';
import { pathOf } from './team-routes';
import { dayOf, statusName } from './team-words';

/**
 * The applications, newest first: on a wide screen a row each under the columns' names, on a phone
 * a card each (the same list, laid out by team-inbox.css; nothing scrolls sideways). The name links
 * to the application. After "Show more", the first new application's link takes the focus.
 */
export function InboxList({ items, firstNew }: { items: InboxItem[]; firstNew: number | null }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (firstNew === null) return;
    list.current?.querySelectorAll<HTMLAnchorElement>('.inbox-item__name a')[firstNew]?.focus();
  }, [firstNew]);
  return (
    <div className="inbox-table">
      <div className="inbox-table__head" aria-hidden="true">
        <span>Name</span>
        <span>Handle</span>
        <span>Reference</span>
        <span>Received</span>
        <span>Status</span>
      </div>
      <ol className="inbox-list" ref={list} aria-label="Applications">
        {items.map((item) => (
          <li key={item.id} className="inbox-item">
            <h2 className="inbox-item__name">
              <TeamLink href={pathOf({ screen: 'application', id: item.id })}>{item.name?.trim() || item.email || 'Name not given'}</TeamLink>
            </h2>
            <dl className="inbox-item__facts">
              <div className="inbox-item__handle">
                <dt>Handle</dt>
                <dd dir="ltr">{item.handle || '—'}</dd>
              </div>
              <div className="inbox-item__reference">
                <dt>Reference</dt>
                <dd dir="ltr">{item.reference ?? '—'}</dd>
              </div>
              <div className="inbox-item__received">
                <dt>Received</dt>
                <dd>
                  <time dateTime={item.receivedAt}>{dayOf(item.receivedAt)}</time>
                </dd>
              </div>
              <div className="inbox-item__status">
                <dt>Status</dt>
                <dd>
                  <span className={`team-status team-status--${item.status}`}>{statusName(item.status)}</span>
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
    </div>
  );
}
