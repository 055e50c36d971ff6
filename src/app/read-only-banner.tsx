import { useMessages } from '../i18n/messages-context';

/** Shown in a tab that is not the one editing the draft: it follows the other tab, and can take over. */
export function ReadOnlyBanner({ onTakeOver }: { onTakeOver: () => void }) {
  const messages = useMessages();
  return (
    <div className="read-only-banner" role="status">
      <p>{messages.text('readOnly')}</p>
      <button type="button" className="button button--secondary" onClick={onTakeOver}>
        {messages.text('takeOver')}
      </button>
    </div>
  );
}
