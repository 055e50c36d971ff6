/**
 * The script every driver runs in the page to turn a Target into an element: a small,
 * engine-neutral reading of roles, labels and accessible names (aria-label, aria-labelledby,
 * <label>, <legend>, text), enough for this app's markup. Plain ES2017 in a string (see
 * engine-page.ts). Only visible elements count, as for a person, and only the app's: not those of
 * the Welcome index.html carries before it gives way to the app.
 */

/** Declares `findTarget(target, forClick)`: the element `target` names, or null. */
export const FIND_TARGET_SOURCE = String.raw`
function findTarget(target, forClick) {
  var ROLES = {
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    combobox: '[role="combobox"], select',
    option: '[role="option"], option',
    radio: 'input[type="radio"], [role="radio"]',
    group: 'fieldset, [role="group"], [role="radiogroup"]',
    alert: '[role="alert"]',
    status: '[role="status"]',
    note: '[role="note"]',
    img: 'img, [role="img"]'
  };
  function norm(text) { return String(text || '').replace(/\s+/g, ' ').trim(); }
  function visible(element) {
    if (!element.isConnected || element.getClientRects().length === 0) return false;
    return getComputedStyle(element).visibility !== 'hidden';
  }
  function byIds(ids) {
    return norm(ids.split(/\s+/).map(function (id) { var found = document.getElementById(id); return found ? found.textContent : ''; }).join(' '));
  }
  function labelOf(element) {
    if (element.getAttribute('aria-label')) return norm(element.getAttribute('aria-label'));
    if (element.getAttribute('aria-labelledby')) return byIds(element.getAttribute('aria-labelledby'));
    if (element.labels && element.labels.length > 0) return norm(element.labels[0].textContent);
    return '';
  }
  function nameOf(element) {
    var label = labelOf(element);
    if (label) return label;
    if (element.tagName === 'FIELDSET') {
      var legend = element.querySelector('legend');
      return legend ? norm(legend.textContent) : '';
    }
    if (element.tagName === 'IMG') return norm(element.getAttribute('alt'));
    return norm(element.textContent);
  }
  function search(spec, root) {
    var candidates;
    if (spec.css) candidates = Array.prototype.slice.call(root.querySelectorAll(spec.css));
    else if (spec.role) candidates = Array.prototype.slice.call(root.querySelectorAll(ROLES[spec.role]));
    else if (spec.label) candidates = Array.prototype.slice.call(root.querySelectorAll('input, textarea, select, [role="combobox"]'));
    else candidates = Array.prototype.slice.call(root.querySelectorAll('body *')).filter(function (element) {
      // The innermost element holding the text: none of its children holds it all.
      return norm(element.textContent).indexOf(spec.text) !== -1 && !Array.prototype.some.call(element.children, function (child) {
        return norm(child.textContent).indexOf(spec.text) !== -1;
      });
    });
    return candidates.filter(function (element) {
      // The Welcome index.html carries until it gives way to the app is not the app's: a journey acts on
      // the app's, unless it asks for the prerendered one.
      if (!element.closest('.prerendered') !== !spec.prerendered) return false;
      if (!visible(element) && !(forClick && element.tagName === 'INPUT' && element.closest('label'))) return false;
      if (spec.name !== undefined && nameOf(element) !== spec.name) return false;
      if (spec.label !== undefined && labelOf(element) !== spec.label) return false;
      if (spec.text !== undefined && norm(element.textContent).indexOf(spec.text) === -1) return false;
      return true;
    });
  }
  var root = document;
  if (target.within) {
    var scope = findTarget(target.within, false);
    if (!scope) return null;
    root = scope;
  }
  var found = search(target, root)[0] || null;
  // A styled radio or checkbox is clicked through its label, as a person does.
  if (found && forClick && found.tagName === 'INPUT' && (found.type === 'radio' || found.type === 'checkbox') && found.closest('label')) {
    return found.closest('label');
  }
  return found;
}
`;

/** Script body: returns the element `arguments[0]` names, or null; `arguments[1]` true for the element to click. */
export const FIND_TARGET = `${FIND_TARGET_SOURCE}\nreturn findTarget(arguments[0], arguments[1] === true);`;

/** The same as one expression, for drivers that evaluate an expression to get an element handle. */
export function findTargetExpression(target: object, forClick: boolean): string {
  return `(function () { ${FIND_TARGET_SOURCE}\nreturn findTarget(${JSON.stringify(target)}, ${String(forClick)}); })()`;
}
