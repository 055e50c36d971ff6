// A second floor for the typing measurement: the app's own page, as it stands on Basic Info, with
// nothing left in it that runs. Typing into that copy costs what this page costs the browser by
// itself (its styles, its layout, and Chromium's autofill reading Full Name's eleven-field form
// after each keystroke); the app over that copy is what the app's scripts add to a keystroke.
/* global document, HTMLOptionElement, HTMLTextAreaElement, HTMLInputElement -- htmlWithoutScripts runs in the page, through page.evaluate */

/**
 * The document's HTML as it stands, with its scripts, module preloads and inline event handler
 * attributes taken out, so the copy lays out and paints the same page and runs none of it. What
 * the controls hold now (a value, a choice, a tick: properties, which cloning leaves behind) is
 * written into their attributes, so the copy shows it too.
 * Self-contained: page.evaluate sends its source to the page.
 * @returns {string}
 */
export function htmlWithoutScripts() {
  const copy = /** @type {Element} */ (document.documentElement.cloneNode(true));
  const live = document.documentElement.querySelectorAll('input, textarea, option');
  const copied = copy.querySelectorAll('input, textarea, option');
  live.forEach((control, index) => {
    const twin = copied[index];
    if (!twin) return;
    if (control instanceof HTMLOptionElement) twin.toggleAttribute('selected', control.selected);
    else if (control instanceof HTMLTextAreaElement) twin.textContent = control.value;
    else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) twin.toggleAttribute('checked', control.checked);
    else if (control instanceof HTMLInputElement) twin.setAttribute('value', control.value);
  });
  for (const inert of copy.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"][as="script"]')) inert.remove();
  for (const element of copy.querySelectorAll('*')) {
    for (const name of element.getAttributeNames()) if (name.toLowerCase().startsWith('on')) element.removeAttribute(name);
  }
  return `<!doctype html>\n${copy.outerHTML}`;
}
