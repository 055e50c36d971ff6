import { useId, useLayoutEffect, useRef, type CSSProperties, type ReactNode, type SubmitEvent } from 'react';
import { createPortal } from 'react-dom';
import { formOwnerContainer } from './form-owner-container';

const CONTROLS = 'input, select, textarea, button';

/** Points every form control under `root` at the form `owner` (the `form` attribute). */
function own(root: Element, owner: string): void {
  const controls = root.matches(CONTROLS) ? [root] : Array.from(root.querySelectorAll(CONTROLS));
  for (const control of controls) if (control.getAttribute('form') !== owner) control.setAttribute('form', owner);
}

/**
 * A run of fields whose controls belong to a form of their own (an empty, hidden `<form>` outside
 * the step's and outside the app's root (form-owner-container.ts), named by each control's `form` attribute) rather than to the step's form: after each
 * keystroke Chromium's autofill re-reads the controls of the typed box's form owner, so a bounded
 * owner keeps a keystroke's cost from growing with the step. The step's form still holds them in
 * the page (labels, layout, a disabled fieldset, Continue); Enter in a box submits the owner,
 * which hands the submission on to the step's form, as Enter did before.
 *
 * `fields` (how many configured fields the group holds) sizes the room a group keeps while the
 * browser skips drawing it off screen (form.css, `content-visibility`).
 */
export function FieldGroup({ fields, children }: { fields: number; children: ReactNode }) {
  const owner = `field-group-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const group = useRef<HTMLDivElement>(null);

  // Controls are set before the browser paints, and followed as fields appear (a follow-up
  // question, a platform added); a keystroke changes no nodes, so the observer stays quiet then.
  useLayoutEffect(() => {
    const root = group.current;
    if (!root) return;
    own(root, owner);
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) own(node, owner);
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
    };
  }, [owner]);

  const forward = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The portal's events bubble through React to the step's form too: only the real one counts.
    event.stopPropagation();
    group.current?.closest('form')?.requestSubmit();
  };

  return (
    <div className="form-owner" ref={group} style={{ '--group-fields': fields } as CSSProperties}>
      {children}
      {createPortal(
        <form id={owner} hidden noValidate onSubmit={forward}>
          {/* The default button makes Enter in a box of the group submit, as in the step's form. */}
          <button type="submit" tabIndex={-1} />
        </form>,
        formOwnerContainer(),
      )}
    </div>
  );
}
