// The little of jsdom the build's sanitizer and the test of the built first-paint scripts use
// (jsdom ships no types of its own).
declare module 'jsdom' {
  export class VirtualConsole {
    on(event: 'jsdomError', listener: (error: Error) => void): this;
  }
  export class JSDOM {
    constructor(
      html?: string,
      options?: { url?: string; runScripts?: 'dangerously'; beforeParse?: (window: Window & typeof globalThis) => void; virtualConsole?: VirtualConsole },
    );
    readonly window: Window & typeof globalThis;
  }
}
