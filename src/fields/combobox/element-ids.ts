import type { SelectOption } from '../select-option';

/**
 * The ids of a combobox's elements, all made from its box's id: the ARIA that ties them
 * together (aria-controls, aria-activedescendant, aria-labelledby) names them.
 */

export function labelIdOf(id: string): string {
  return `${id}-label`;
}

export function listboxIdOf(id: string): string {
  return `${id}-listbox`;
}

export function toggleIdOf(id: string): string {
  return `${id}-toggle`;
}

// Made once per list, whose identity lasts (a select's options are made once per language).
const optionIndexes = new WeakMap<readonly { readonly value: string }[], ReadonlyMap<string, number>>();

/** An option's element: named by its place in the whole list, so the id stays while a search hides others. */
export function optionIdOf(id: string, options: readonly SelectOption[], value: string): string {
  let indexes = optionIndexes.get(options);
  if (!indexes) {
    indexes = new Map(options.map((option, index) => [option.value, index]));
    optionIndexes.set(options, indexes);
  }
  return `${id}-option-${String(indexes.get(value) ?? -1)}`;
}
