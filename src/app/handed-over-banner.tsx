import { useState } from 'react';
import { useStillWhilePressed } from '../browser/use-still-while-pressed';
import type { WithdrawResult } from '../handover/drafts-endpoint';
import type { HandedOver } from '../storage/handed-over';
import type { MessageKey } from '../i18n/catalogue';
import { formatMoment } from '../i18n/format-moment';
import { useMessages } from '../i18n/messages-context';

export const TAKE_BACK_ID = 'take-back';

const TAKEN_BACK_TEXT: Record<WithdrawResult, MessageKey> = {
  withdrawn: 'takenBackUnused',
  'opened-or-expired': 'takenBackOpened',
  unknown: 'takenBackUnknown',
  unreachable: 'takenBackUnknown',
};

/**
 * On the device that made a link: the application continues on the other device (since when),
 * and this one can take it back; then, once, what taking it back found.
 */
export function HandedOverBanner({ handedOver, onTakeBack }: { handedOver: HandedOver | null; onTakeBack: () => Promise<WithdrawResult> }) {
  const messages = useMessages();
  const [takenBack, setTakenBack] = useState<WithdrawResult | null>(null);
  const [taking, setTaking] = useState(false);
  // Both come and go by themselves (news from the other device, an answer from the receiver).
  const shownHandedOver = useStillWhilePressed(handedOver);
  const shownTakenBack = useStillWhilePressed(takenBack);
  if (!shownHandedOver) {
    return shownTakenBack ? (
      <p className="draft-notice" role="status">
        {messages.text(TAKEN_BACK_TEXT[shownTakenBack])}
      </p>
    ) : null;
  }
  const takeBack = () => {
    if (taking) return;
    setTaking(true);
    void onTakeBack().then((result) => {
      setTakenBack(result);
      setTaking(false);
    });
  };
  return (
    <div className="read-only-banner" role="status">
      <p>{messages.text('handedOver', { date: formatMoment(shownHandedOver.madeAt, messages.locale) })}</p>
      <button type="button" id={TAKE_BACK_ID} className="button button--secondary" onClick={takeBack} aria-disabled={taking}>
        {messages.text('takeBack')}
      </button>
    </div>
  );
}
