/** Shown in a tab that is not the one editing the draft: it follows the other tab, and can take over. */
export function ReadOnlyBanner({ onTakeOver }: { onTakeOver: () => void }) {
  return (
    <div className="read-only-banner" role="status">
      <p>This application is open in another tab, so it is read-only here and follows what you type there.</p>
      <button type="button" className="button button--secondary" onClick={onTakeOver}>
        Continue here instead
      </button>
    </div>
  );
}
