/**
 * Web Locks in memory, shared by the "tabs" of a test (one manager, several holders): exclusive
 * locks with `ifAvailable`, `steal` and an abort `signal`, as the editor lock and the send lock use
 * them. Like the browser's, a request is answered in a later task, never during the call.
 */
interface Waiting {
  grant: () => void;
}

export function fakeLocks(): LockManager {
  const held = new Map<string, { stolen: (error: Error) => void }>();
  const queues = new Map<string, Waiting[]>();

  function next(name: string): void {
    const waiting = queues.get(name)?.shift();
    if (waiting) waiting.grant();
  }

  function request(name: string, ...rest: [LockOptions, LockGrantedCallback<unknown>] | [LockGrantedCallback<unknown>]): Promise<unknown> {
    const [options, callback] = rest.length === 2 ? rest : [{}, rest[0]];
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        decide(resolve, reject);
      }, 0);
    });

    function decide(resolve: (value: unknown) => void, reject: (error: Error) => void): void {
      const grant = () => {
        let done = false;
        const release = () => {
          if (done) return;
          done = true;
          held.delete(name);
          next(name);
        };
        held.set(name, {
          stolen: (error) => {
            done = true;
            reject(error);
          },
        });
        Promise.resolve(callback({ name, mode: 'exclusive' })).then(
          (result) => {
            if (done) return;
            release();
            resolve(result);
          },
          (error: unknown) => {
            if (done) return;
            release();
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      };
      const holder = held.get(name);
      if (options.steal) {
        holder?.stolen(new DOMException('The lock was stolen', 'AbortError'));
        held.delete(name);
        grant();
      } else if (!holder) {
        grant();
      } else if (options.ifAvailable) {
        Promise.resolve(callback(null)).then(resolve, reject);
      } else {
        const waiting: Waiting = { grant };
        queues.set(name, [...(queues.get(name) ?? []), waiting]);
        options.signal?.addEventListener('abort', () => {
          queues.set(
            name,
            (queues.get(name) ?? []).filter((entry) => entry !== waiting),
          );
          reject(new DOMException('Aborted', 'AbortError'));
        });
      }
    }
  }

  return { request, query: () => Promise.resolve({ held: [], pending: [] }) };
}
