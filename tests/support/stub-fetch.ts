import { vi } from 'vitest';

/** Answers every fetch with an empty JSON body and `status`, keeping the calls (undo with vi.unstubAllGlobals). */
export function stubFetchAnswering(status: number) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() => Promise.resolve(new Response('{}', { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
