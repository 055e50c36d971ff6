/** How long a text field waits after the last keystroke before the form sees the text (docs/product-rules.md §11). */
export const INPUT_DEBOUNCE_MS = 500;
