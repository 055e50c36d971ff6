// tests/benchmark/report.md: the same figures as report.json, for people. Budgets first, then
// one section per measurement, then how each figure was taken.
import { BUDGETS, PHONE } from '../support/performance-budgets.mjs';
import { kb, ms, times } from './budget-checks.mjs';

/** @typedef {import('./report-types.mjs').BenchResults} BenchResults */
/** @typedef {import('./report-types.mjs').BudgetCheck} BudgetCheck */
/** @typedef {import('./stats.mjs').Summary} Summary */

/** A Markdown table. */
function table(/** @type {string[]} */ head, /** @type {Array<Array<string | number>>} */ rows) {
  const line = (/** @type {Array<string | number>} */ cells) => `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function verdict(/** @type {boolean | null} */ pass) {
  return pass === null ? '–' : pass ? '✅ pass' : '❌ fail';
}

/** "median 123 ms (p95 140 ms, 98–150 ms, n = 5)". */
function spread(/** @type {Summary} */ summary) {
  if (summary.n === 0) return 'n/a';
  return `median ${ms(summary.median)} (p95 ${ms(summary.p95)}, ${ms(summary.min)}–${ms(summary.max)}, n = ${String(summary.n)})`;
}

function header(/** @type {BenchResults['meta']} */ meta) {
  return [
    '# Performance report',
    '',
    'Written by `npm run bench` (tests/benchmark/run.mjs); the same figures are in `report.json`.',
    '',
    table(
      ['', ''],
      [
        ['Date', meta.date],
        ['Commit', `${meta.commit}${meta.uncommittedChanges ? ' (with uncommitted changes)' : ''}`],
        ['Machine', `${meta.cpu}, ${String(meta.memoryGb)} GB, ${meta.os}, load average at start ${meta.loadAverageAtStart.join(' / ')}`],
        ['Software', `Node ${meta.node}, Chromium ${meta.chromium}${meta.lighthouse ? `, Lighthouse ${meta.lighthouse}` : ''}`],
        [
          'Runs',
          `BENCH_RUNS = ${String(meta.runs)} (cold loads, navigations per timing, typing bursts); Lighthouse: ${String(meta.lighthouseRuns)} per form factor`,
        ],
        ['Measured', `${meta.measured.join(', ')} in ${String(Math.round(meta.durationSeconds))} s`],
        ...(meta.separateRuns ?? []).map((run) => ['Measured separately', separateRunLine(run, meta)]),
      ],
    ),
  ].join('\n');
}

/** A run merged in afterwards (`--merge`), with what differs from the main run. */
function separateRunLine(/** @type {import('./report-types.mjs').SeparateRun} */ run, /** @type {BenchResults['meta']} */ main) {
  const lighthouseEach = [run.measured.includes('lighthouse') ? 'form factor' : '', run.measured.includes('languages') ? 'language' : '']
    .filter(Boolean)
    .join(' and ');
  const parts = [
    run.date,
    `commit ${run.commit}${run.uncommittedChanges ? ' (with uncommitted changes)' : ''}`,
    `load average at start ${run.loadAverageAtStart.join(' / ')}`,
    `BENCH_RUNS = ${String(run.runs)}`,
    ...(lighthouseEach ? [`Lighthouse: ${String(run.lighthouseRuns)} per ${lighthouseEach}`] : []),
    ...(run.cpu === main.cpu ? [] : [run.cpu]),
    ...(run.chromium === main.chromium ? [] : [`Chromium ${run.chromium}`]),
    ...(run.durationSeconds === null ? [] : [`${String(Math.round(run.durationSeconds))} s`]),
  ];
  return `**${run.measured.join(', ')}**: ${parts.join(', ')}.${run.note ? ` ${run.note}` : ''}`;
}

function criticalPathSection(/** @type {NonNullable<BenchResults['criticalPath']>} */ result) {
  const rows = result.chunks.map((chunk) => [
    chunk.file,
    kb(chunk.bytes),
    kb(chunk.gzip),
    kb(chunk.brotli),
    chunk.criticalRuns > 0 ? `yes (${String(chunk.criticalRuns)}/${String(result.runs)})` : 'no',
    chunk.inEntryGraph ? 'yes' : 'no',
    [chunk.posthog ? 'posthog' : '', chunk.sentry ? 'Sentry' : ''].filter(Boolean).join(', ') || '–',
  ]);
  const totals = (/** @type {string} */ label, /** @type {{ bytes: number, gzip: number, brotli: number }} */ total) => [
    label,
    kb(total.bytes),
    kb(total.gzip),
    kb(total.brotli),
    '',
    '',
    '',
  ];
  return [
    '## 1. JavaScript on the critical path of `/`',
    '',
    `Served with analytics and error reporting configured (pointing at the local server). Welcome was interactive ${spread(result.interactiveMs)} after navigation start, unthrottled.`,
    '',
    table(
      ['chunk', 'raw', 'gzip', 'brotli', 'before Welcome is interactive', 'in index.html’s static graph', 'telemetry code'],
      [
        ...rows,
        totals('**critical path (fetched before interactive)**', result.critical.total),
        totals('**static import graph of index.html**', result.entryGraph.total),
        totals(`**whole wizard (${String(result.wholeWizard.files)} chunks)**`, result.wholeWizard.total),
      ],
    ),
    '',
    `Telemetry chunks in the build: ${result.telemetry.chunks.join(', ') || 'none'}; fetched after Welcome was interactive: ${result.telemetry.chunksLoadedAfterInteractive.join(', ') || 'none'}. ` +
      `Calls to the analytics and error-reporting hosts: ${String(result.telemetry.callsBeforeInteractive)} before interactive, ${String(result.telemetry.callsAfterInteractive)} in the ${String(result.watchAfterReadyMs / 1000)} s after (over all runs).` +
      (result.scriptsFromElsewhere.length ? ` Scripts not in the build: ${result.scriptsFromElsewhere.join(', ')}.` : ''),
  ].join('\n');
}

function lighthouseSection(/** @type {NonNullable<BenchResults['lighthouse']>} */ result, /** @type {BenchResults['installability']} */ installability) {
  const score = (/** @type {number | null | undefined} */ value) => (value === null || value === undefined ? 'n/a' : value.toFixed(0));
  const row = (/** @type {string} */ label, /** @type {typeof result.mobile} */ summary) => [
    label,
    score(summary.scores.performance),
    score(summary.scores.accessibility),
    score(summary.scores['best-practices']),
    score(summary.scores.seo),
    summary.metrics.lcpMs === null || summary.metrics.lcpMs === undefined ? 'n/a' : `${(summary.metrics.lcpMs / 1000).toFixed(2)} s`,
    ms(summary.metrics.tbtMs),
    summary.metrics.cls === null || summary.metrics.cls === undefined ? 'n/a' : summary.metrics.cls.toFixed(3),
    ms(summary.metrics.fcpMs),
    String(summary.benchmarkIndex ?? 'n/a'),
  ];
  const failing = (/** @type {typeof result.mobile} */ summary) =>
    Object.entries(summary.failingAudits)
      .map(([audit, runs]) => `${audit} (${String(runs)}/${String(summary.runs)})`)
      .join(', ') || 'none';
  const lines = [
    `## 2. Lighthouse ${result.version}`,
    '',
    `Medians of ${String(result.mobile.runs)} runs per form factor, each in a fresh Chromium. Mobile: Lighthouse's default (Moto G Power, simulated slow 4G, 4x CPU); desktop: its desktop config.`,
    '',
    table(
      ['settings', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS', 'FCP', 'CPU benchmark index'],
      [row('mobile', result.mobile), row('desktop', result.desktop)],
    ),
    '',
    `Audits outside performance that lost points — mobile: ${failing(result.mobile)}; desktop: ${failing(result.desktop)}.`,
  ];
  for (const [label, summary] of /** @type {const} */ ([
    ['mobile', result.mobile],
    ['desktop', result.desktop],
  ])) {
    if (summary.diagnostics) lines.push('', diagnosticsLines(label, summary.diagnostics));
  }
  const warnings = [...new Set([...result.mobile.warnings, ...result.desktop.warnings])];
  if (warnings.length) lines.push('', `Lighthouse warnings: ${warnings.join(' ')}`);
  lines.push(
    '',
    '### Installability',
    '',
    'Lighthouse 12 removed the PWA category and its installability audits. The audits of this Lighthouse that bear on installing (mobile, first run):',
    '',
    table(
      ['audit', 'title', 'result'],
      result.installabilityAudits.map((audit) => [
        audit.id,
        audit.title,
        audit.score === null ? audit.scoreDisplayMode : audit.score === 1 ? 'pass' : `fail (${String(audit.score)})`,
      ]),
    ),
  );
  if (installability) lines.push('', installabilitySection(installability));
  return lines.join('\n');
}

/** What held one form factor's median run back. */
function diagnosticsLines(/** @type {string} */ label, /** @type {import('./lighthouse-diagnostics.mjs').LighthouseDiagnostics} */ diagnostics) {
  const phases = diagnostics.lcpPhases.map((phase) => `${phase.phase} ${ms(phase.ms)}`).join(', ');
  const shifts = diagnostics.layoutShifts.map((shift) => `${shift.score.toFixed(3)} \`${shift.element ?? '?'}\``).join('; ');
  const opportunities = diagnostics.opportunities
    .slice(0, 5)
    .map((audit) => `${audit.id} (${audit.display ? `${audit.display}; ` : ''}LCP −${ms(audit.lcpMs)}, FCP −${ms(audit.fcpMs)})`)
    .join('; ');
  return [
    `**${label}, median run.** LCP element: \`${diagnostics.lcpElement ?? 'none'}\`${phases ? ` (${phases})` : ''}.`,
    `Layout shifts: ${shifts || 'none'}.`,
    `Estimated savings: ${opportunities || 'none'}.`,
  ].join(' ');
}

function installabilitySection(/** @type {NonNullable<BenchResults['installability']>} */ result) {
  const { manifest } = result;
  return [
    `Chromium's own verdict (CDP \`Page.getInstallabilityErrors\`, with the service worker ${result.serviceWorkerControlling ? 'in control' : 'NOT in control'}): ` +
      (result.installable
        ? '**installable**, no errors.'
        : `**not installable**: ${result.errors.map((error) => `${error.id}${error.arguments.length ? ` (${error.arguments.join(', ')})` : ''}`).join('; ')}.`),
    '',
    `Manifest (\`Page.getAppManifest\`): ${manifest.url || 'none'}; ${manifest.errors.length ? `errors: ${manifest.errors.join('; ')}` : 'no errors'}. ` +
      `${Object.entries(manifest.fields)
        .map(([key, value]) => `${key} ${JSON.stringify(value)}`)
        .join(', ')}; icons ${manifest.icons.join(', ') || 'none'}; ${String(manifest.screenshots)} screenshots.`,
  ].join('\n');
}

function offlineSection(/** @type {NonNullable<BenchResults['offlineStart']>} */ result) {
  const rows = [result.unthrottled, result.cpu4x].map((value) => [
    value.cpuThrottling === 1 ? 'no throttling' : `${String(value.cpuThrottling)}x slower`,
    spread(value.paintedMs),
    spread(value.domMs),
    `${String(value.controlled)}/${String(result.runs)}`,
  ]);
  return [
    '## 3. Offline start',
    '',
    'Service worker installed and in control, context offline; each run navigates to `/` and waits for the Welcome heading and an enabled Continue. "Drawn" is after the frame that shows them; "in the DOM" is when React committed them.',
    '',
    table(['CPU', 'navigation → Welcome drawn', 'navigation → in the DOM', 'worker in control'], rows),
  ].join('\n');
}

/** "Event Timing (…): 20 of 20 keydowns reported, their duration …". */
function eventTimingLine(/** @type {Pick<NonNullable<BenchResults['typing']>, 'eventTiming' | 'keystrokes'>} */ result) {
  const { eventTiming } = result;
  return (
    `${String(eventTiming.reportedAtOrOver16ms)} of ${String(result.keystrokes)} keydowns reported` +
    (eventTiming.durationMs.n
      ? `, their duration ${spread(eventTiming.durationMs)}, input delay ${spread(eventTiming.inputDelayMs)}, processing ${spread(eventTiming.processingMs)}`
      : '')
  );
}

/** "Long animation frames (50 ms or more) while typing: …". */
function longFramesLine(/** @type {NonNullable<BenchResults['typing']>['longAnimationFrames']} */ frames) {
  return (
    `${String(frames.count)}, longest ${ms(frames.maxMs)}, blocking ${ms(frames.blockingMs)} in all` +
    (frames.count ? `; of their time, scripts ${ms(frames.scriptMs)}, rendering ${ms(frames.renderMs)} (style and layout ${ms(frames.styleAndLayoutMs)})` : '')
  );
}

function typingSection(/** @type {NonNullable<BenchResults['typing']>} */ result) {
  const { floor, pageWithoutScripts, indexedDbWrites } = result;
  /** @type {Array<[string, typeof floor]>} */
  const pages = [
    ['the app, Basic Info', result],
    ['the same page without its scripts', pageWithoutScripts],
    ['one text box (the floor)', floor],
  ];
  const over = (/** @type {number | null} */ value, /** @type {number | null} */ base) => (value === null || !base ? '–' : `${(value / base).toFixed(2)}×`);
  return [
    '## 4. Typing',
    '',
    `${String(result.bursts)} bursts of 20 keystrokes into "Full Name" on the Basic Info step, one key every ${String(result.keyIntervalMs)} ms, CPU ${String(result.cpuThrottling)}x slower. ` +
      "After each, the same burst goes into two pages that run none of the app's code, each in its own phone context, CPU 4x slower too: " +
      "**the same page without its scripts** (the app's Basic Info as it stands, copied with its scripts taken out and served at the app's origin, so it has the same styles, layout and form owners, and Chromium's autofill reads the same eleven-field form after each keystroke), " +
      'and **one text box**, a labelled `<input>` and nothing else, no styles and no scripts but the probes: the floor of this probe on this machine, kept as a reference. ' +
      "The first tells what this page costs the browser by itself; the app over it is what the app's scripts add, and is what the typing budgets judge (next paint and Event Timing, each p95 at most 1.2×). " +
      'Each page is throttled only during its own bursts: a throttled page spins its main thread, idle or not, and would take a core from the others.',
    '',
    table(
      ['per keystroke', 'next paint p50', 'next paint p95', 'next paint max', 'p95 over the floor', 'main thread p50', 'main thread p95', 'event handlers p95'],
      pages.map(([label, timings]) => [
        label,
        ms(timings.nextPaintMs.median),
        ms(timings.nextPaintMs.p95),
        ms(timings.nextPaintMs.max),
        over(timings.nextPaintMs.p95, floor.nextPaintMs.p95),
        ms(timings.mainThreadMs.median),
        ms(timings.mainThreadMs.p95),
        ms(timings.handlersMs.p95),
      ]),
    ),
    '',
    `Next paint is the keydown's timeStamp to the first task after the next frame; main thread is the event handlers (keydown … keyup) plus that frame's rendering. ` +
      `The app's p95 over its own page without scripts: ${over(result.nextPaintMs.p95, pageWithoutScripts.nextPaintMs.p95)} (median ${over(result.nextPaintMs.median, pageWithoutScripts.nextPaintMs.median)}).`,
    '',
    `Event Timing (reports only events of 16 ms or more), app: ${eventTimingLine(result)}. Same page without scripts: ${eventTimingLine(pageWithoutScripts)}. Floor: ${eventTimingLine(floor)}.`,
    '',
    `Long animation frames (50 ms or more) while typing, app: ${longFramesLine(result.longAnimationFrames)}. Floor: ${longFramesLine(floor.longAnimationFrames)}.`,
    '',
    `IndexedDB writes per burst: ${indexedDbWrites.perBurst.join(', ')} (${
      indexedDbWrites.log
        .flat()
        .map((write) => `${write.method} on "${write.store}"`)
        .filter((value, index, all) => all.indexOf(value) === index)
        .join(', ') || 'none'
    }).`,
  ].join('\n');
}

function stepChangesSection(/** @type {NonNullable<BenchResults['stepChanges']>} */ result) {
  return [
    '## 5. Step changes',
    '',
    `${String(result.runs)} walks, each in a fresh phone context, CPU ${String(result.cpuThrottling)}x slower: Welcome is read for ${String(result.readWelcomeMs / 1000)} s (the wizard's code loads meanwhile), then each press is timed from its click event to the first task after the frame that shows the next step's last field (Welcome: its heading). Basic Info is filled at full speed before Continue to Details.`,
    '',
    table(
      ['press', 'time to the next step drawn'],
      [
        ['Continue, Welcome → Basic Info, the first (the light Welcome gives way to the full wizard)', spread(result.firstContinueMs)],
        ['Back, Basic Info → Welcome', spread(result.backMs)],
        ['Continue, Welcome → Basic Info, again', spread(result.continueAgainMs)],
        ['Continue, Basic Info (filled) → Details', spread(result.toDetailsMs)],
        ['Back, Details → Basic Info', spread(result.backFromDetailsMs)],
      ],
    ),
  ].join('\n');
}

function scaleSection(/** @type {NonNullable<BenchResults['scale']>} */ result) {
  const row = (
    /** @type {string} */ label,
    /** @type {string} */ render,
    /** @type {Summary} */ nextPaint,
    /** @type {Summary} */ mainThread,
    /** @type {string} */ ratio,
  ) => [label, render, ms(nextPaint.median), ms(nextPaint.p95), ms(mainThread.p95), ratio];
  return [
    '## 6. Scale: a step of 10, 50 and 200 fields',
    '',
    `The default programme with a step of N optional text fields inserted after Welcome (tests/support/many-fields.mjs), CPU ${String(result.cpuThrottling)}x slower. "Drawn" is Continue from Welcome to the frame showing the step's last field, the step's code already loaded (${String(result.runs)} runs, fresh context each). Typing: ${String(result.runs)} bursts of 20 keystrokes into the step's first box, and the same bursts into Basic Info's "Full Name" in the default programme (the first row), one page open at a time, one key every ${String(result.keyIntervalMs)} ms.`,
    '',
    table(
      ['step', 'Continue → last field drawn', 'keystroke → next paint p50', 'p95', 'main-thread p95', 'p95 over the default step’s'],
      [
        row('Basic Info, default programme', '–', result.defaultStep.nextPaintMs, result.defaultStep.mainThreadMs, '1.00×'),
        ...result.sizes.map((size) =>
          row(
            `${String(size.fields)} text fields`,
            spread(size.renderMs),
            size.nextPaintMs,
            size.mainThreadMs,
            size.nextPaintP95Ratio === null ? 'n/a' : times(size.nextPaintP95Ratio),
          ),
        ),
      ],
    ),
    '',
    "A keystroke does not wake the other fields (text boxes are uncontrolled and hand their text to the form 500 ms after the last key); what grew with the step was Chromium's autofill, which re-reads every control of the typed box's form owner after each keystroke. Fields are therefore owned by forms of at most twelve (src/blocks/field-group.tsx).",
  ].join('\n');
}

function restoreSection(/** @type {NonNullable<BenchResults['draftRestore']>} */ result) {
  return [
    '## 7. Draft restore',
    '',
    `A complete application in the draft (filled up to the ${result.restoredStep} step and autosaved), service worker in control, online, no throttling. ` +
      `Navigation → "${result.restoredStep}" drawn: ${spread(result.paintedMs)}; in the DOM: ${spread(result.domMs)}. Restored answers intact: ${result.restoredValueIntact ? 'yes' : 'NO'}.`,
  ].join('\n');
}

function handoverSection(/** @type {NonNullable<BenchResults['handover']>} */ result) {
  return [
    '## 11. Continue on another device',
    '',
    `Against the receiver of \`npm start\` on this machine (embedded store, synced before each answer), CPU ${String(result.cpuThrottling)}x slower in both contexts, ${String(result.runs)} links. ` +
      `A phone holding Basic Info and half of Details: press of "Continue on another device" → the link on screen: ${spread(result.makeMs)} (the first press also loads the dialog's chunk). ` +
      `Each link opened in a fresh desktop context: navigation → the Details step drawn with the answers: ${spread(result.openMs)}. Answers intact on every opening: ${result.answersIntact ? 'yes' : 'NO'}.`,
  ].join('\n');
}

function filesSection(/** @type {NonNullable<BenchResults['files']>} */ result) {
  const { upload, shrinking, lazy, wholeWizard, beforeFeature } = result;
  const mb = (/** @type {number} */ bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
  const steps = (/** @type {typeof lazy.example} */ walk) =>
    [
      ['Welcome', walk.welcome],
      ['Basic Info', walk.basicInfo],
      ['Details', walk.details],
    ].map(([label, step]) => {
      const taken = /** @type {typeof walk.welcome} */ (step);
      return [String(label), String(taken.requests), kb(taken.gzip), taken.feature.join(', ') || 'none'];
    });
  const change = beforeFeature ? wholeWizard.gzip - beforeFeature.gzip : null;
  return [
    '## 13. Files: uploads through a throttled connection, photos made smaller, lazy loading',
    '',
    `Against \`node server/serve.mjs\` (embedded store, uploads folder in its data folder, every chunk fsync'd before its 204) serving the build with docs/examples/config.files.json as its config.json; a phone context (service workers blocked: DevTools throttling does not apply to a service worker's own requests, and the uploads here are the page's).`,
    '',
    `**Upload with one cut.** A ${mb(result.fixtures.pdfBytes)} PDF (random content, so incompressible) and ${String(result.fixtures.photos)} photos of 4000 × 3000 px (JPEG quality 90 with EXIF camera and GPS tags, ${result.fixtures.photoBytes.map(mb).join(', ')}) chosen on Details, the PDF first; ` +
      `CDP Network.emulateNetworkConditions ${(upload.throughputBitsPerSecond / 1e6).toFixed(1)} Mbit/s up and down, ${String(upload.latencyMs)} ms latency; the page talks to the receiver through the end-to-end suite's cutting proxy (tests/e2e/helpers/cutting-proxy.ts), which cut the first PATCH after ${mb(upload.cutAfterBytes)} of its body (${String(upload.cuts)} cut). ` +
      `${String(upload.files)} uploads stored whole (${upload.storedSizes.map(mb).join(', ')}: the photos as made smaller on the device, the PDF byte for byte), ${mb(upload.bytesStored)} on the disk of ${mb(upload.chosenBytes)} chosen. ` +
      `PATCH body bytes through the proxy: ${mb(upload.bytesSent)}, **${upload.sentOverStored.toFixed(4)}× the bytes stored** (request headers, the creations and HEADs are not counted). ` +
      `Wall time from choosing to the last byte on the disk: **${(upload.wallMs / 1000).toFixed(0)} s**; the stored bytes alone take ${(upload.lineTimeMs / 1000).toFixed(0)} s at this throughput.`,
    '',
    `**Photos made smaller, CPU ${String(shrinking.cpuThrottling)}x slower** (the page's main thread; the worker is not throttled by CDP), ${String(shrinking.runs)} runs: six photos chosen → the sixth listed as kept in ${spread(shrinking.sixPhotosKeptMs)}. ` +
      `Longest main-thread task (Long Tasks API, which reports tasks of 50 ms or more) per run: ${spread(shrinking.longestTaskMs)}; long tasks per run: ${shrinking.longTasksPerRun.join(', ')}. The uploads to the receiver (unthrottled) run meanwhile, as they do for a creator.`,
    '',
    '**Lazy loading.** Scripts and stylesheets requested in a walk Welcome → Basic Info (filled) → Details, fresh phone context, up to 2 s after each step showed (so Welcome counts what the wizard fetches while idle there too, the hidden next steps among it; the critical path is measurement 1):',
    '',
    table(['example programme', 'scripts and stylesheets requested', 'their JS (gzip)', 'the feature’s chunks'], steps(lazy.example)),
    '',
    table(['default programme', 'scripts and stylesheets requested', 'their JS (gzip)', 'the feature’s chunks'], steps(lazy.defaultProgramme)),
    '',
    table(
      ['the feature’s chunk', 'raw', 'gzip', 'brotli'],
      [
        ...lazy.featureChunks.map((chunk) => [chunk.file, kb(chunk.bytes), kb(chunk.gzip), kb(chunk.brotli)]),
        ['**total**', kb(lazy.featureTotal.bytes), kb(lazy.featureTotal.gzip), kb(lazy.featureTotal.brotli)],
      ],
    ),
    '',
    `Whole wizard, every JS chunk: ${kb(wholeWizard.gzip)} gzip` +
      (beforeFeature && change !== null
        ? `, against ${kb(beforeFeature.gzip)} for the build just before the feature (commit 229b659): **+${kb(change)}**, of which the lazy chunks above are ${kb(lazy.featureChunks.filter((chunk) => /\.m?js$/.test(chunk.file)).reduce((sum, chunk) => sum + chunk.gzip, 0))} (JS only; the rest is the feature's code in shared chunks, its words in three catalogues, and the gzip overhead of more chunks).`
        : '.'),
  ].join('\n');
}

function pressShiftSection(/** @type {NonNullable<BenchResults['pressShift']>} */ result) {
  return [
    '## 12. Presses that follow a field edit',
    '',
    `A walk of both form steps (Basic Info after an empty Continue, filled top to bottom; Details), every press right after a field edit and held ${String(result.holdMs)} ms, so that leaving the field is what each press does first. ` +
      "For each press, the pressed element's box at pointer down against its box at pointer up (any edge).",
    '',
    table(
      ['width', 'presses', 'largest move', 'controls that moved'],
      result.widths.map((width) => [
        `${String(width.width)} px`,
        String(width.presses),
        `${String(width.largestShiftPx)} px`,
        width.moved.map((shift) => `${shift.control} (${String(shift.shiftPx)} px)`).join(', ') || 'none',
      ]),
    ),
  ].join('\n');
}

function firstJourneySection(/** @type {NonNullable<BenchResults['firstJourney']>} */ result) {
  return [
    '## 15. The JavaScript a first visit downloads, service worker included',
    '',
    "Every script a programme's first visit downloads: the page's, `sw.js`, the worker's precache and the chunks of the optional features the programme asks for, which the worker fetches for offline (sw/feature-chunks.ts). " +
      "Counted from the build (tests/support/first-journey-bytes.mjs, the byte-budget test's figure), and seen in Chromium walking the programme in a fresh phone context (Welcome, Basic Info, Details; the default programme sent) until the worker is ready offline, every script request of the page and the worker once, at its gzip size.",
    '',
    table(
      ['programme', 'features asked for', 'counted: files', 'counted: gzip', 'of which sw.js', 'seen: files', 'seen: gzip', 'requests by the worker'],
      result.programmes.map((programme) => [
        programme.programme,
        programme.features.join(', ') || 'none',
        String(programme.counted.files),
        kb(programme.counted.total.gzip),
        programme.counted.serviceWorker ? kb(programme.counted.serviceWorker.gzip) : 'n/a',
        String(programme.seen.files),
        kb(programme.seen.total.gzip),
        String(programme.seen.requestsFromWorker),
      ]),
    ),
  ].join('\n');
}

function fileListPressShiftSection(/** @type {NonNullable<BenchResults['fileListPressShift']>} */ result) {
  return [
    '## 14. Presses on the file list while photos are kept and uploaded',
    '',
    `The files programme (docs/examples/config.files.json) against \`node server/serve.mjs\`, on Details: three photos of 4000 × 3000 px chosen, Remove pressed on the first row about when the second should join it; two more chosen with the uploads held back, Remove pressed on the first row once the first of them is listed, the uploads let go as the pointer goes down; a sixth chosen and Continue pressed about when it should join the list. ` +
      `Each press stays down until the file field changes (a row joins, the keeping line or an upload line changes), at least ${String(result.minHoldMs)} ms and at most ${String(result.holdCapMs.mouse)} ms with a mouse, ${String(result.holdCapMs.finger)} ms with a finger. ` +
      "For each press, the pressed element's box at pointer down against its box at pointer up (any edge), by the same recorder as section 12.",
    '',
    table(
      ['width', 'input', 'presses', 'during a change of the field', 'largest move', 'controls that moved', 'first photo kept', 'sent'],
      result.widths.map((width) => [
        `${String(width.width)} px`,
        width.input,
        String(width.presses),
        String(width.pressesDuringChange),
        `${String(width.largestShiftPx)} px`,
        width.moved.map((shift) => `${shift.control} (${String(shift.shiftPx)} px)`).join(', ') || 'none',
        ms(width.firstKeptMs),
        width.sent ? 'yes' : 'no',
      ]),
    ),
  ].join('\n');
}

function coversSection(/** @type {NonNullable<BenchResults['covers']>} */ result, /** @type {string[] | undefined} */ observed) {
  const check = observed
    ? `\n\nThe phone of measurement 1 (same viewport and pixel ratio, the app's own \`<picture>\`) downloaded while opening Welcome: ${observed.map((path) => `\`${path}\``).join(', ') || 'no images'}.`
    : '';
  return (
    [
      '## 8. Cover images',
      '',
      `Every file the served config.json's \`backgrounds\` names. "Phone" marks the file a ${String(PHONE.width)} px wide phone at ${String(PHONE.deviceScaleFactor)}x downloads (first <source> it decodes, smallest candidate of at least ${String(PHONE.width * PHONE.deviceScaleFactor)} px); budget ${kb(BUDGETS.phoneCoverBytes)} each.`,
      '',
      table(
        ['cover', 'file', 'bytes', 'width', 'phone'],
        result.files.map((file) => [
          String(file.entry),
          file.url,
          file.bytes === null ? 'missing' : kb(file.bytes),
          file.width === null ? '?' : `${String(file.width)} px`,
          file.phone ? 'yes' : '',
        ]),
      ),
    ].join('\n') + check
  );
}

function proofOfWorkSection(/** @type {NonNullable<BenchResults['proofOfWork']>} */ result) {
  const rows = [
    ['Web Worker, as creators run it', 'none', spread(result.workerMs)],
    ['Web Worker', `${String(result.cpuThrottling)}x (ignored by the worker)`, spread(result.workerAt4xIgnoredMs)],
    ['main thread', 'none', spread(result.mainThreadMs)],
    ['main thread', `${String(result.cpuThrottling)}x slower`, spread(result.mainThreadAt4xMs)],
  ];
  return [
    '## 9. Proof of work',
    '',
    `The built solver (\`${result.chunk}\`) solving challenges of the receiver's default difficulty (${String(result.maxNumber)}) whose answer is the largest number allowed: every run tries all of them, the worst case (a real challenge averages half). ` +
      "CDP CPU throttling does not reach Web Workers, so the 4x figure is the same chunk run on the page's main thread (loaded into a same-origin iframe, handed the challenge as a message); the worker time includes starting the worker, the main-thread time does not include loading the script. " +
      `Main thread at ${String(result.cpuThrottling)}x over 1x (medians): ${result.slowdown === null ? 'n/a' : times(result.slowdown)}. ` +
      `Cross-check for a device slower throughout (were any of the digests' work done off the throttled thread): ${String(result.cpuThrottling)} × the unthrottled median, worker ${ms(result.workerMs.median === null ? null : result.workerMs.median * result.cpuThrottling)}, main thread ${ms(result.mainThreadMs.median === null ? null : result.mainThreadMs.median * result.cpuThrottling)}.`,
    '',
    table(['where', 'CPU throttling', 'worst-case solve'], rows),
  ].join('\n');
}

function languagesSection(/** @type {NonNullable<BenchResults['languages']>} */ result) {
  const { welcome, lighthouse } = result;
  const opened = (/** @type {{ openedAsAsked: number, openedIn: string[] }} */ summary, /** @type {number} */ total) =>
    `${String(summary.openedAsAsked)}/${String(total)} (\`${summary.openedIn.join('`, `')}\`)`;
  const percent = (/** @type {number} */ other, /** @type {number} */ base) => `+${kb(other - base)} (${(((other - base) / base) * 100).toFixed(0)} %)`;
  const { englishOnly, englishAndFrench } = result.indexHtml;
  const ratio = (/** @type {number | null} */ value) => (value === null ? 'n/a' : times(value));
  const seconds = (/** @type {number | null | undefined} */ value) => (value === null || value === undefined ? 'n/a' : `${(value / 1000).toFixed(2)} s`);
  const fetched = (/** @type {{ before: number, after: number }} */ counts) =>
    counts.before + counts.after === 0 ? 'never' : `${String(counts.before)} before interactive, ${String(counts.after)} after`;
  return [
    '## 10. Languages: a programme in English and French',
    '',
    `docs/examples/config.en-fr.json built as \`npm run build:languages\` builds it: index.html is drawn in English and carries the French Welcome in a \`<template>\`, which a script swaps in before the first paint when the browser prefers French. ` +
      `Welcome was loaded ${String(result.runs)} times each in a fresh phone context whose browser is in ${welcome.en.locale} or ${welcome.fr.locale} (Playwright's \`locale\`: navigator.languages and Accept-Language), unthrottled like measurement 1, the two alternating and each going first in half the rounds, after one load of each that is not counted. ` +
      `A load ends when Welcome is interactive in its language (heading "${welcome.en.target.heading}" / "${welcome.fr.target.heading}" and an enabled ${welcome.en.target.button ?? ''} / ${welcome.fr.target.button ?? ''}) and ${String(result.watchAfterReadyMs / 1000)} s more have passed. ` +
      'First contentful paint is the paint entry; LCP the last candidate before the page was read.',
    '',
    table(
      ['browser', 'first contentful paint', 'LCP', 'interactive', 'LCP element', 'JS before interactive (gzip)', 'opened in'],
      [welcome.en, welcome.fr].map((summary) => [
        summary.locale,
        spread(summary.fcpMs),
        spread(summary.lcpMs),
        spread(summary.interactiveMs),
        summary.lcpElements.map((element) => `\`${element}\``).join(', ') || 'n/a',
        `${kb(summary.critical.total.gzip)} (${summary.critical.files.join(', ')})`,
        opened(summary, summary.fcpMs.n),
      ]),
    ),
    '',
    `French over English, medians: first contentful paint ${ratio(result.fcpRatio)}, LCP ${ratio(result.lcpRatio)}. ` +
      `The median of each round's French load over its English one: first contentful paint ${ratio(result.pairedFcpRatio)}, LCP ${ratio(result.pairedLcpRatio)}. ` +
      `Load average after the Welcome loads ${result.loadAverage.afterWelcomeLoads.join(' / ')}, after the Lighthouse runs ${result.loadAverage.afterLighthouse.join(' / ')}; every load's figures are in report.json.`,
    '',
    table(
      [
        'catalogue chunk',
        'raw',
        'gzip',
        'brotli',
        'in index.html’s static graph',
        `fetched by ${welcome.en.locale} (of ${String(welcome.en.fcpMs.n)} loads)`,
        `fetched by ${welcome.fr.locale} (of ${String(welcome.fr.fcpMs.n)})`,
        'Lighthouse runs fetching it (en / fr)',
      ],
      result.catalogues.map((catalogue) => [
        catalogue.file,
        kb(catalogue.bytes),
        kb(catalogue.gzip),
        kb(catalogue.brotli),
        catalogue.inEntryGraph ? 'yes' : 'no',
        fetched(catalogue.fetchedByEnglish),
        fetched(catalogue.fetchedByFrench),
        `${String(lighthouse.en.runsFetchingCatalogue[catalogue.file] ?? 0)} / ${String(lighthouse.fr.runsFetchingCatalogue[catalogue.file] ?? 0)}`,
      ]),
    ),
    '',
    `Lighthouse ${result.lighthouseVersion} mobile (its defaults, as in section 2), ${String(lighthouse.en.runs)} runs per language, alternating, each in a fresh Chromium started with \`--accept-lang=<locale>\` (headless Chromium takes navigator.languages from it, not from \`--lang\`); after each run the page Lighthouse measured was read for its \`<html lang>\`.`,
    '',
    table(
      ['browser', 'performance (median)', 'performance by run', 'FCP', 'LCP', 'TBT', 'CLS', 'accessibility', 'best practices', 'SEO', 'opened in'],
      [lighthouse.en, lighthouse.fr].map((summary) => [
        summary.locale,
        summary.scores.performance === null || summary.scores.performance === undefined ? 'n/a' : summary.scores.performance.toFixed(0),
        summary.performanceByRun.map((value) => String(value ?? 'n/a')).join(', '),
        ms(summary.metrics.fcpMs),
        seconds(summary.metrics.lcpMs),
        ms(summary.metrics.tbtMs),
        summary.metrics.cls === null || summary.metrics.cls === undefined ? 'n/a' : summary.metrics.cls.toFixed(3),
        String(summary.scores.accessibility ?? 'n/a'),
        String(summary.scores['best-practices'] ?? 'n/a'),
        String(summary.scores.seo ?? 'n/a'),
        opened(summary, summary.runs),
      ]),
    ),
    ...[lighthouse.en, lighthouse.fr].flatMap((summary) =>
      summary.errors.length ? ['', `Lighthouse errors, ${summary.locale}: ${summary.errors.join('; ')}.`] : [],
    ),
    '',
    table(
      ['index.html', 'raw', 'gzip', 'brotli'],
      [
        [
          'the default programme in English only (public/config.json, built in the same run)',
          kb(englishOnly.bytes),
          kb(englishOnly.gzip),
          kb(englishOnly.brotli),
        ],
        ['the same programme in English and French', kb(englishAndFrench.bytes), kb(englishAndFrench.gzip), kb(englishAndFrench.brotli)],
        [
          'added by French',
          percent(englishAndFrench.bytes, englishOnly.bytes),
          percent(englishAndFrench.gzip, englishOnly.gzip),
          percent(englishAndFrench.brotli, englishOnly.brotli),
        ],
      ],
    ),
  ].join('\n');
}

const METHOD = [
  '## How the figures are taken',
  '',
  "- Sizes are of the built files (`vite build` into a temporary directory), compressed with Node's zlib: gzip level 9 and brotli quality 11, as a static host precompresses; kB are 1000 bytes, as in Vite's report. The service worker (`sw.js`) is not page JavaScript and is not counted.",
  '- "Interactive" is the moment a MutationObserver, installed before any app code, first sees the step\'s heading and an enabled Continue; the critical path is every script whose resource entry started before it (a chunk counts if it did so in any run).',
  "- Timings run in Debian's Chromium through Playwright with the end-to-end suite's phone viewport; CPU throttling is CDP `Emulation.setCPUThrottlingRate`, which slows the page's main thread, not the service worker or Web Workers (so section 9 runs the solver on the main thread for its 4x figure).",
  "- Time to next paint is measured from the keydown's timeStamp to the first task after the next frame (requestAnimationFrame, then a MessageChannel message), so it includes the wait for the next frame (up to ~16.7 ms at 60 Hz) even when the page does no work. The floor in section 4 is what this probe measures in this headless Chromium, throttled the same way, when the page does next to nothing.",
  "- Main-thread time per keystroke adds the event handlers (a window capture listener to a window bubble listener) and the span from the next frame's requestAnimationFrame to the first task after it; a task that slips in between (another input event) is counted too, so it is an upper bound.",
  '- Welcome is in the built index.html (scripts/prerender-welcome.ts), which catches a press of Continue until it gives way to the app and makes it again; "interactive" waits for the app\'s own enabled Continue, not the prerendered one.',
  "- Step changes are timed from the click event's timeStamp to the first task after the frame in which a MutationObserver saw the next step's last label, legend or heading.",
  "- Lighthouse, offline start, typing, step changes and draft restore use the default programme (analytics and error reporting off); only measurement 1 configures them. Everything is served by server/app-server.mjs, as `npm start` does, which compresses text files of 1 kB or more as a production host would: brotli (quality 9) when the browser accepts it, else gzip (level 9). Lighthouse's simulated network therefore carries the compressed bytes, close to the brotli sizes above (which are at quality 11), not the raw ones.",
  "- The machines are shared: medians, and the load average at start is in the header. Lighthouse's CPU benchmark index shows how fast the machine was during its runs.",
].join('\n');

/** A line under the budgets table with the floors of the rows that have one (typing). */
function floorNote(/** @type {BudgetCheck[]} */ checks, /** @type {BenchResults['typing']} */ typing) {
  const floors = checks.flatMap((row) => (row.floor === undefined ? [] : [`${row.figure.replace(/^Typing, 4x CPU: /, '')} **${row.floor}**`]));
  if (!floors.length) return [];
  const copy = typing?.pageWithoutScripts.nextPaintMs.p95 ?? null;
  const floorP95 = typing?.floor.nextPaintMs.p95 ?? null;
  const appP95 = typing?.nextPaintMs.p95 ?? null;
  const split =
    copy !== null && floorP95 && appP95 !== null
      ? ` Of the keystroke-to-paint ratio, the app's own Basic Info with its scripts taken out already measures ${times(copy / floorP95)} the floor (${ms(copy)}), and the app ${times(appP95 / copy)} that page: see section 4.`
      : '';
  return [
    '',
    `Typing, floor of the probe on this machine (the same keystrokes, in the same run, into a page with only one text box; see section 4): ${floors.join('; ')}. ` +
      `Keystroke to next paint is judged against the app's own page without its scripts, measured in the same run; the one-box floor stays as a reference, and Event Timing is stated as a multiple of it.${split}`,
  ];
}

/** The whole Markdown report. */
export function reportMarkdown(/** @type {BenchResults} */ results, /** @type {BudgetCheck[]} */ checks) {
  const sections = [
    header(results.meta),
    [
      '## Budgets',
      '',
      table(
        ['figure', 'measured', 'budget', 'result'],
        checks.map((row) => [row.figure, row.measured, row.budget, verdict(row.pass)]),
      ),
      ...floorNote(checks, results.typing),
    ].join('\n'),
  ];
  if (results.criticalPath) sections.push(criticalPathSection(results.criticalPath));
  if (results.lighthouse) sections.push(lighthouseSection(results.lighthouse, results.installability));
  else if (results.installability) sections.push(['## Installability', '', installabilitySection(results.installability)].join('\n'));
  if (results.offlineStart) sections.push(offlineSection(results.offlineStart));
  if (results.typing) sections.push(typingSection(results.typing));
  if (results.stepChanges) sections.push(stepChangesSection(results.stepChanges));
  if (results.scale) sections.push(scaleSection(results.scale));
  if (results.draftRestore) sections.push(restoreSection(results.draftRestore));
  if (results.covers) sections.push(coversSection(results.covers, results.criticalPath?.imagesOnWelcome));
  if (results.proofOfWork) sections.push(proofOfWorkSection(results.proofOfWork));
  if (results.handover) sections.push(handoverSection(results.handover));
  if (results.pressShift) sections.push(pressShiftSection(results.pressShift));
  if (results.languages) sections.push(languagesSection(results.languages));
  if (results.files) sections.push(filesSection(results.files));
  if (results.fileListPressShift) sections.push(fileListPressShiftSection(results.fileListPressShift));
  if (results.firstJourney) sections.push(firstJourneySection(results.firstJourney));
  sections.push(METHOD);
  return `${sections.join('\n\n')}\n`;
}
