/**
 * Which option of a list is highlighted, told to each option on its own: moving the highlight
 * through ~240 phone codes redraws the option it leaves and the one it reaches, not the list.
 * Plain code; an option reads it with useSyncExternalStore (select-list.tsx).
 */
export interface ActiveOption {
  /** Whether the option of `value` is the highlighted one. */
  is(value: string): boolean;
  /** Highlights the option of `value`, or none; tells the two options concerned. */
  set(value: string | null): void;
  /** Calls `listener` whenever the option of `value` gains or loses the highlight. */
  subscribe(value: string, listener: () => void): () => void;
}

export function createActiveOption(): ActiveOption {
  let active: string | null = null;
  const listeners = new Map<string, Set<() => void>>();

  function tell(value: string | null): void {
    if (value === null) return;
    for (const listener of listeners.get(value) ?? []) listener();
  }

  return {
    is: (value) => value === active,
    set(value) {
      if (value === active) return;
      const previous = active;
      active = value;
      tell(previous);
      tell(value);
    },
    subscribe(value, listener) {
      const forValue = listeners.get(value) ?? new Set<() => void>();
      listeners.set(value, forValue);
      forValue.add(listener);
      return () => {
        forValue.delete(listener);
        if (forValue.size === 0) listeners.delete(value);
      };
    },
  };
}
