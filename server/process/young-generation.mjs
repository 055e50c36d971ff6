// The receiver's JavaScript heap kept small, so the whole receiver fits a 512 MB server
// (docs/receiver.md, "Memory").
//
// V8 allocates every short-lived object (a request's headers, a parsed body, a query's rows) in
// its young generation, two semi-spaces that start at 1 MB and double each time a collection finds
// them busy, up to 16 MB each on 64-bit: under a steady stream of applications they reach 32 MB
// resident and stay there. The receiver's objects live for one request, so a 1 MB semi-space
// keeps up (a scavenge of it takes well under a millisecond) and the heap stays about 30 MB
// smaller, measured on both stores after 4,000 applications.
// `--max-semi-space-size` is read only when the process starts (a flag on `node` itself, which
// `npm start`, `npm run serve` and the systemd unit would each have to carry); the growth factor is
// read at each growth, so setting it here, before the first request, is enough.
import { setFlagsFromString } from 'node:v8';

/** Keeps V8's young generation at its starting size for the life of the process. */
export function keepYoungGenerationSmall() {
  setFlagsFromString('--semi-space-growth-factor=1');
}
