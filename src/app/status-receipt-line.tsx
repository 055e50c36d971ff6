import { useEffect, useState } from 'react';
import { useMessages } from '../i18n/messages-context';
import { appStore } from '../storage/app-store';
import { readReceipt, type StatusReceipt } from '../storage/status-keeping';
import { SUBMITTED_KEY, type SubmittedMarker } from '../storage/stored-keys';
import { shownReceipt } from './shown-receipt';

/** When the application accepted on this device was marked so, or null. */
async function submittedAt(): Promise<number | null> {
  const marker = await appStore.get<SubmittedMarker>(SUBMITTED_KEY).catch(() => undefined);
  return typeof marker?.submittedAt === 'number' ? marker.submittedAt : null;
}

/**
 * The last step's receipt, once the receiver gave one: the reference to read out to the team and
 * the link to the status page (this site's own, so it opens in the same tab, without a referrer).
 * Read from the device, so it is there again when the installed app is reopened; nothing from a
 * receiver that gives no receipt.
 */
export function StatusReceiptLine() {
  const messages = useMessages();
  const [receipt, setReceipt] = useState<StatusReceipt | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([readReceipt(), submittedAt()]).then(([kept, at]) => {
      if (live) setReceipt(shownReceipt(kept, at));
    });
    return () => {
      live = false;
    };
  }, []);
  if (!receipt) return null;
  return (
    <div className="status-receipt">
      <p className="status-receipt__reference">{messages.text('yourReference', { reference: receipt.reference })}</p>
      <p>
        <a href={receipt.statusUrl} referrerPolicy="no-referrer">
          {messages.text('seeStatus')}
        </a>
      </p>
    </div>
  );
}
