import type { StepBarItem } from '../wizard/wizard-machine';
import { useMessages } from '../i18n/messages-context';

/** The progress bar above the step: each step by name, the current one marked for assistive tech. */
export function StepBar({ items }: { items: readonly StepBarItem[] }) {
  const messages = useMessages();
  return (
    <nav className="step-bar" aria-label={messages.text('progress')}>
      <ol className="step-bar__list">
        {items.map((item, index) => (
          <li
            key={`${String(index)}-${item.name}`}
            className={`step-bar__item${item.active ? ' step-bar__item--active' : ''}${item.completed ? ' step-bar__item--completed' : ''}`}
            aria-current={item.active ? 'step' : undefined}
          >
            <span className="step-bar__marker" aria-hidden="true">
              {item.completed ? '✓' : index + 1}
            </span>
            <span className="step-bar__name">{item.name}</span>
            {item.completed ? <span className="visually-hidden"> {messages.text('completed')}</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
