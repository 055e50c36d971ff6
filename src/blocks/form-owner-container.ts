const CONTAINER_ID = 'form-owners';

/**
 * Where field groups portal their form owners: a hidden element beside the app's root, never
 * around it. React listens for every event type on each portal's container, so with <body> as
 * the container every keystroke in a text box went through React's event system twice (once
 * for #root, once for <body>), about a millisecond of a phone's main thread per key.
 */
export function formOwnerContainer(): HTMLElement {
  const existing = document.getElementById(CONTAINER_ID);
  if (existing) return existing;
  const container = document.createElement('div');
  container.id = CONTAINER_ID;
  container.hidden = true;
  document.body.append(container);
  return container;
}
