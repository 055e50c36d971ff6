/**
 * What configured HTML may not contain beyond what every sanitizer already removes (scripts,
 * event handlers, javascript: URLs): no styles, and no form controls that would look like
 * part of the application but send nothing.
 */
export const FORBIDDEN_ELEMENTS = ['style', 'form', 'input', 'button', 'textarea', 'select'] as const;
export const FORBIDDEN_ATTRIBUTES = ['style'] as const;
/** Allowed on top of the browser's safe defaults, which leave out images and link targets. */
export const EXTRA_ELEMENTS = ['img'] as const;
export const EXTRA_ATTRIBUTES = ['alt', 'src', 'width', 'height', 'target', 'rel'] as const;
