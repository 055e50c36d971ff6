/** One choice of a select: `name` is shown and searched, `value` is stored and submitted. */
export interface SelectOption {
  name: string;
  value: string;
}
