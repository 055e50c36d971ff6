import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { resumingHttpStack, TransientResumeError } from '../../../src/uploads/resuming-http-stack';

/** A stack that answers every request with `status` (and `headers`), noting the order of events. */
function answering(status: number, headers: Record<string, string>, events: string[]): HttpStack {
  return {
    getName: () => 'Fake',
    createRequest(method, url): HttpRequest {
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: () => undefined,
        getHeader: () => undefined,
        setProgressHandler: () => undefined,
        send(): Promise<HttpResponse> {
          events.push(`${method} ${String(status)}`);
          return Promise.resolve({ getStatus: () => status, getHeader: (name) => headers[name], getBody: () => '', getUnderlyingObject: () => null });
        },
        abort: () => Promise.resolve(),
        getUnderlyingObject: () => null,
      };
    },
  };
}

describe('the HTTP stack under a file upload', () => {
  it('fails a HEAD answered 502 (a restarting receiver behind its proxy) so that the same upload is asked again', async () => {
    const stack = resumingHttpStack(answering(502, {}, []), () => Promise.resolve());
    await expect(stack.createRequest('HEAD', 'https://example.org/api/uploads/abc').send(null)).rejects.toBeInstanceOf(TransientResumeError);
  });

  it('passes a HEAD that says the upload is gone (404) or how far it got (200)', async () => {
    for (const status of [404, 410, 200]) {
      const response = await resumingHttpStack(answering(status, {}, []), () => Promise.resolve())
        .createRequest('HEAD', 'https://example.org/api/uploads/abc')
        .send(null);
      expect(response.getStatus()).toBe(status);
    }
  });

  it('writes a new upload address (made absolute) before the client hears of the creation', async () => {
    const events: string[] = [];
    const stack = resumingHttpStack(answering(201, { Location: '/api/uploads/new1' }, events), (url) => {
      events.push(`kept ${url}`);
      return Promise.resolve();
    });
    await stack.createRequest('POST', 'https://example.org/api/uploads').send(null);
    events.push('client told');
    expect(events).toEqual(['POST 201', 'kept https://example.org/api/uploads/new1', 'client told']);
  });

  it('keeps nothing for a creation refused, nor for a PATCH', async () => {
    const kept: string[] = [];
    await resumingHttpStack(answering(413, { Location: '/x' }, []), (url) => {
      kept.push(url);
      return Promise.resolve();
    })
      .createRequest('POST', 'https://example.org/api/uploads')
      .send(null);
    await resumingHttpStack(answering(204, { Location: '/x' }, []), (url) => {
      kept.push(url);
      return Promise.resolve();
    })
      .createRequest('PATCH', 'https://example.org/api/uploads/a')
      .send(null);
    expect(kept).toEqual([]);
  });
});
