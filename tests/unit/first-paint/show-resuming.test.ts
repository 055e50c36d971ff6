// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RESUMING_CLASS } from '../../../src/first-paint/page-marks';
import { showResuming } from '../../../src/first-paint/show-resuming';
import { RESUME_HINT_KEY } from '../../../src/storage/resume-hint';
import { UNLOAD_COPY_KEY } from '../../../src/storage/unload-copy';

/** The classes showResuming puts on <html> of a page whose localStorage holds `keys`, or is blocked. */
function classesFor(keys: readonly string[] | 'blocked'): string[] {
  const classes = new Set<string>();
  const page = {
    document: { documentElement: { classList: { add: (name: string) => classes.add(name) } } },
    get localStorage() {
      if (keys === 'blocked') throw new DOMException('denied', 'SecurityError');
      return { getItem: (key: string) => (keys.includes(key) ? '1' : null) };
    },
  };
  showResuming(page as unknown as Window);
  return [...classes];
}

describe('showResuming', () => {
  it('marks <html> when the device holds an application, by the hint or the copy of a draft saved on unload', () => {
    expect(classesFor([RESUME_HINT_KEY])).toEqual([RESUMING_CLASS]);
    expect(classesFor([UNLOAD_COPY_KEY])).toEqual([RESUMING_CLASS]);
  });

  it('leaves Welcome for a first visit, and throws nothing where storage is blocked', () => {
    expect(classesFor([])).toEqual([]);
    expect(classesFor('blocked')).toEqual([]);
  });
});
