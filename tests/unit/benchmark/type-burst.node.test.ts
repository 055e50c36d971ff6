// @vitest-environment node
// The typing benchmark slows a page's CPU only while that page is typed into: a throttled page
// spins its main thread even when idle, so the page waiting for its turn would take a core from
// the one being measured (docs/performance.md, "What a keystroke still costs over the floor").
import { describe, expect, it, vi } from 'vitest';
import { typeBurst, type TypingTarget } from '../../benchmark/measure-typing.mjs';

vi.mock('../../benchmark/sleep.mjs', () => ({ sleep: () => Promise.resolve() }));

/** A target that logs, in order, each throttling rate set and each key pressed. */
function loggingTarget(log: string[], failOnKey?: string): TypingTarget {
  const page = {
    keyboard: {
      press: (key: string) => {
        if (key === failOnKey) return Promise.reject(new Error('the page went away'));
        log.push(`key ${key}`);
        return Promise.resolve();
      },
    },
    evaluate: () => Promise.resolve(0),
  };
  const field = { fill: () => Promise.resolve(), focus: () => Promise.resolve() };
  const cdp = {
    send: (method: string, params: { rate: number }) => {
      log.push(`${method} ${String(params.rate)}`);
      return Promise.resolve({});
    },
  };
  return { page, field, cdp, burstStarts: [], writesPerBurst: [], writeLog: [] } as unknown as TypingTarget;
}

describe('typeBurst', () => {
  it('throttles the page to 4x for its own keystrokes only, and lifts it after them', async () => {
    const log: string[] = [];
    await typeBurst(loggingTarget(log), 0, 0);
    expect(log[0]).toBe('Emulation.setCPUThrottlingRate 4');
    expect(log.filter((line) => line.startsWith('key'))).toHaveLength(20);
    expect(log.at(-1)).toBe('Emulation.setCPUThrottlingRate 1');
    expect(log.filter((line) => line.startsWith('Emulation'))).toHaveLength(2);
  });

  it('lifts the throttling when the burst fails, so no page is left spinning', async () => {
    const log: string[] = [];
    await expect(typeBurst(loggingTarget(log, 'c'), 0, 0)).rejects.toThrow('the page went away');
    expect(log.at(-1)).toBe('Emulation.setCPUThrottlingRate 1');
  });
});
