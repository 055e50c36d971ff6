import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/**
 * tus-js-client's HTTP stack over fetch, for where XMLHttpRequest does not exist: the service
 * worker (its background sync uploads the files an application waits for) and Node. fetch reports
 * no upload progress, so a PATCH's bytes count as sent when the receiver answers: with 1 MiB
 * chunks, progress moves a chunk at a time. No cookie and no referrer leave with the bytes.
 */
export function fetchHttpStack(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): HttpStack {
  return {
    createRequest: (method, url) => new FetchRequest(method, url, fetchImpl),
    getName: () => 'FetchHttpStack',
  };
}

class FetchRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  private onProgress: (bytesSent: number) => void = () => undefined;

  constructor(
    private readonly method: string,
    private readonly url: string,
    private readonly fetchImpl: typeof fetch,
  ) {}

  getMethod(): string {
    return this.method;
  }

  getURL(): string {
    return this.url;
  }

  setHeader(header: string, value: string): void {
    this.headers[header] = value;
  }

  getHeader(header: string): string | undefined {
    return this.headers[header];
  }

  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.onProgress = handler;
  }

  async send(body?: unknown): Promise<HttpResponse> {
    const payload = body instanceof Blob ? body : null;
    const response = await this.fetchImpl(this.url, {
      method: this.method,
      headers: this.headers,
      body: payload,
      signal: this.controller.signal,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
    const text = await response.text();
    if (payload) this.onProgress(payload.size);
    return new FetchResponse(response, text);
  }

  abort(): Promise<void> {
    this.controller.abort();
    return Promise.resolve();
  }

  getUnderlyingObject(): unknown {
    return this.controller;
  }
}

class FetchResponse implements HttpResponse {
  constructor(
    private readonly response: Response,
    private readonly body: string,
  ) {}

  getStatus(): number {
    return this.response.status;
  }

  getHeader(header: string): string | undefined {
    return this.response.headers.get(header) ?? undefined;
  }

  getBody(): string {
    return this.body;
  }

  getUnderlyingObject(): unknown {
    return this.response;
  }
}
