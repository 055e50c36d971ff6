/** A browser started for the cross-engine suite: it opens a fresh page per journey. */
import type { EnginePage } from './engine-page';
import type { JourneyViewport } from './journeys';

export interface OpenedPage {
  page: EnginePage;
  /** The window the page really got: innerWidth, innerHeight, devicePixelRatio. */
  window: [number, number, number];
  close(): Promise<void>;
}

export interface LaunchedEngine {
  version: string;
  open(viewport: JourneyViewport): Promise<OpenedPage>;
  close(): Promise<void>;
}
