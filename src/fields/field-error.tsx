import { useStillWhilePressed } from '../browser/use-still-while-pressed';
import { useMessages } from '../i18n/messages-context';
import type { ProblemCode } from '../i18n/problem-code';
import { ConfigWords } from './config-words';

/**
 * The message under an invalid field, in the page's language (`message`: what the rules said,
 * as a problem code); the control points at it with aria-describedby. Leaving a field re-checks
 * it, and a press elsewhere is what leaves it: the line appears or goes once that press has ended,
 * so that the pressed control below does not move under the finger.
 */
export function FieldError({ id, message }: { id: string; message: ProblemCode | undefined }) {
  const messages = useMessages();
  const shown = useStillWhilePressed(message);
  if (!shown) return null;
  return (
    <p className="field-error" id={id}>
      {messages.problem(shown)}
    </p>
  );
}

/** The line under a label that the control is described by (its id: `${id}-hint`). */
export function FieldHint({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="field__hint" id={`${id}-hint`}>
      <ConfigWords text={text} />
    </p>
  );
}

/** The ids a control is described by: its hint and, when invalid, its error. */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
