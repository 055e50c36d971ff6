import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { resumeDecision } from './resume-decision';

/**
 * tus-js-client's HTTP stack, wrapped for the two moments where its own choices lose a file:
 * - HEAD (how far did the receiver get?): an answer that does not say the upload is gone (a 502
 *   while the receiver restarts behind its proxy, a 429, a dropped connection) becomes a failed
 *   request, which the client retries on its backoff with the same upload, rather than creating a
 *   new one (resume-decision.ts).
 * - POST (an upload created): the new address is written to the file's record before the client
 *   hears of it, so before any byte is sent, whatever the client's own URL storage does.
 */

/** A HEAD answered with trouble that passes with time: the same upload is asked again later. */
export class TransientResumeError extends Error {
  override readonly name = 'TransientResumeError';
  constructor(readonly status: number) {
    super(`The receiver could not say how far the upload got (HTTP ${String(status)}); asking again later.`);
  }
}

/** `base` with HEAD's transient answers turned into failures, and `created` told of each new upload's absolute address. */
export function resumingHttpStack(base: HttpStack, created: (uploadUrl: string) => Promise<void>): HttpStack {
  return {
    createRequest: (method, url) => new ResumingRequest(base.createRequest(method, url), created),
    getName: () => `Resuming(${base.getName()})`,
  };
}

class ResumingRequest implements HttpRequest {
  constructor(
    private readonly request: HttpRequest,
    private readonly created: (uploadUrl: string) => Promise<void>,
  ) {}

  getMethod(): string {
    return this.request.getMethod();
  }

  getURL(): string {
    return this.request.getURL();
  }

  setHeader(header: string, value: string): void {
    this.request.setHeader(header, value);
  }

  getHeader(header: string): string | undefined {
    return this.request.getHeader(header);
  }

  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.request.setProgressHandler(handler);
  }

  async send(body?: unknown): Promise<HttpResponse> {
    const response = await this.request.send(body);
    const method = this.getMethod().toUpperCase();
    const status = response.getStatus();
    if (method === 'HEAD' && resumeDecision(status) === 'retry-later') throw new TransientResumeError(status);
    const location = response.getHeader('Location');
    if (method === 'POST' && status >= 200 && status < 300 && location) await this.created(new URL(location, this.getURL()).href);
    return response;
  }

  abort(): Promise<void> {
    return this.request.abort();
  }

  getUnderlyingObject(): unknown {
    return this.request.getUnderlyingObject();
  }
}
