import { filterOptions } from '../filter-options';
import type { SelectOption } from '../select-option';

/**
 * filterOptions over one list, remembering its last search: a keystroke's transition and the
 * render after it filter the list once between them, and the options shown keep their identity
 * while the search does (the memoised list is not drawn again for nothing).
 */
export function rememberedSearch(options: readonly SelectOption[]): (query: string) => readonly SelectOption[] {
  let last: { query: string; found: readonly SelectOption[] } | null = null;
  return (query) => {
    if (last?.query !== query) last = { query, found: filterOptions(options, query) };
    return last.found;
  };
}
