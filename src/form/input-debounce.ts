/** How long a text field waits after the last keystroke before the form sees the text (spec section 9). */
export const INPUT_DEBOUNCE_MS = 500;
