/**
 * The cross-engine suite for one engine: every shared journey at a desktop and a phone width,
 * each on its own server (a private copy of the build) and in a fresh page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApp } from '../support/test-app';
import { JOURNEYS, type JourneyViewport } from './journeys';
import type { EngineName } from './engine-page';
import type { LaunchedEngine } from './launched-engine';

export function defineEngineSuite(name: string, engineName: EngineName, launch: () => Promise<LaunchedEngine>, viewports: JourneyViewport[]): void {
  describe(name, () => {
    let engine: LaunchedEngine;
    beforeAll(async () => {
      engine = await launch();
    });
    afterAll(async () => {
      await engine.close();
    });

    for (const viewport of viewports) {
      describe(viewport.name, () => {
        for (const journey of JOURNEYS) {
          const knownDefect = journey.knownDefect?.[engineName];
          if (journey.only && journey.only !== viewport.name) continue;
          const test = knownDefect ? it.skip : it;
          test(knownDefect ? `${journey.name} [skipped, known defect: ${knownDefect}]` : journey.name, async () => {
            const app = await TestApp.start();
            await app.recordPageErrors();
            const opened = await engine.open(viewport);
            try {
              const [width] = opened.window;
              // The phone journeys must see the phone layout (576 CSS pixels and narrower).
              if (viewport.name === 'phone') expect(width).toBeLessThanOrEqual(576);
              else expect(width).toBe(viewport.width);
              await journey.run(opened.page, app, viewport);
            } catch (error) {
              // What the page showed when the journey failed: usually says why at once.
              const shown = await Promise.race([
                opened.page.run('return location.href + "\\n" + document.body.innerText.slice(0, 4000);').catch(() => 'the page could not be read'),
                new Promise((resolve) => setTimeout(resolve, 5000, 'the page did not answer')),
              ]);
              if (error instanceof Error) error.message += `\n--- the page showed:\n${String(shown)}`;
              throw error;
            } finally {
              await opened.close();
              await app.stop();
            }
          });
        }
      });
    }
  });
}
