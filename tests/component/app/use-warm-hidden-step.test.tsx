import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWarmHiddenStep } from '../../../src/app/use-warm-hidden-step';

function recordMeasuredWords(): string[] {
  const measured: string[] = [];
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      getContext() {
        return { font: '', measureText: (text: string) => measured.push(text) };
      }
    },
  );
  return measured;
}

function Steps({ warm }: { warm: number | null }) {
  const form = useRef<HTMLFormElement>(null);
  useWarmHiddenStep(warm, form);
  return (
    <form ref={form}>
      <div className="step" data-step="1" hidden>
        Basic Information
      </div>
      <div className="step" data-step="2" hidden>
        Additional Details
      </div>
    </form>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useWarmHiddenStep', () => {
  it("readies only the named step's words, and none when it is given no step", async () => {
    const measured = recordMeasuredWords();
    const { rerender } = render(<Steps warm={null} />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(measured).toEqual([]);
    rerender(<Steps warm={2} />);
    await vi.waitFor(() => {
      expect(measured).toEqual(['Additional', 'Details']);
    });
  });
});
