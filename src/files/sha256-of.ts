/** The SHA-256 of a file's bytes as 64 lower-case hex digits: its identity on the device, in the draft and on the receiver. */
export async function sha256Of(blob: Blob): Promise<string> {
  // WebCrypto digests off the main thread; only the read into memory is the page's (files are capped by maxBytes first).
  // A view, not the buffer itself: jsdom's Blob gives an ArrayBuffer of another realm, which Node's WebCrypto refuses.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await blob.arrayBuffer()));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
