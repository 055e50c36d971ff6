import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEditorRole } from '../../../src/tabs/use-editor-role';
import { fakeLocks } from '../support/fake-locks';

/** One tab of the page: the hook over the page's lock manager. */
function oneTab(locks = fakeLocks()) {
  return { locks, first: renderHook(() => useEditorRole(locks)) };
}

/** Two tabs of the page over one lock manager, once the first is the editor and the second a viewer. */
async function editorAndViewer() {
  const { locks, first } = oneTab();
  await waitFor(() => {
    expect(first.result.current.role).toBe('editor');
  });
  const second = renderHook(() => useEditorRole(locks));
  await waitFor(() => {
    expect(second.result.current).toMatchObject({ role: 'viewer', reason: 'first' });
  });
  return { first, second };
}

describe('useEditorRole (the editor lock between tabs)', () => {
  it('under StrictMode (its effect run, cleaned up and run again) makes a single tab the editor, never a viewer', async () => {
    const locks = fakeLocks();
    const seen: string[] = [];
    const tab = renderHook(
      () => {
        const change = useEditorRole(locks);
        seen.push(change.role);
        return change;
      },
      { reactStrictMode: true },
    );
    await waitFor(() => {
      expect(tab.result.current).toMatchObject({ role: 'editor', reason: 'first' });
    });
    expect(seen).not.toContain('viewer');
    // The first run's request, granted after its cleanup, was let go: a second tab waits on this one only.
    tab.unmount();
    const next = renderHook(() => useEditorRole(locks));
    await waitFor(() => {
      expect(next.result.current.role).toBe('editor');
    });
  });

  it('is unknown until the lock answers, then makes the first tab the editor', async () => {
    const { first } = oneTab();
    expect(first.result.current.role).toBe('unknown');
    await waitFor(() => {
      expect(first.result.current).toMatchObject({ role: 'editor', reason: 'first' });
    });
  });

  it('makes a second tab a viewer, which can take over: the first becomes a viewer (stolen)', async () => {
    const { first, second } = await editorAndViewer();

    act(() => {
      second.result.current.takeOver();
    });

    await waitFor(() => {
      expect(second.result.current).toMatchObject({ role: 'editor', reason: 'took-over' });
    });
    await waitFor(() => {
      expect(first.result.current).toMatchObject({ role: 'viewer', reason: 'stolen' });
    });
  });

  it('hands the role to the waiting tab when the editor tab closes', async () => {
    const { first, second } = await editorAndViewer();

    first.unmount();

    await waitFor(() => {
      expect(second.result.current).toMatchObject({ role: 'editor', reason: 'granted' });
    });
  });

  it('lets every tab edit where there are no Web Locks', () => {
    const { result } = renderHook(() => useEditorRole(undefined));
    expect(result.current).toMatchObject({ role: 'editor', reason: 'first' });
  });
});
