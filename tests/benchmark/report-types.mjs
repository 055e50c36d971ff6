// The shape of tests/benchmark/report.json, for the modules that build and print it.

/**
 * One run of `npm run bench`: when, on which code and machine, with how many runs, what it measured.
 * @typedef {ReturnType<typeof import('./machine-info.mjs').machineInfo> & { chromium: string, lighthouse: string | null, runs: number, lighthouseRuns: number, measured: string[], durationSeconds: number }} RunMeta
 */

/**
 * A run whose measurements were merged into the report afterwards (`--merge`); `note` is said
 * beside it in the header. Its duration is null when not known.
 * @typedef {Omit<RunMeta, 'durationSeconds'> & { durationSeconds: number | null, note?: string }} SeparateRun
 */

/**
 * @typedef {object} BenchResults
 * @property {RunMeta & { separateRuns?: SeparateRun[] }} meta the run most of the report comes from, and any merged in afterwards
 * @property {Awaited<ReturnType<typeof import('./measure-critical-path.mjs').measureCriticalPath>>} [criticalPath]
 * @property {Awaited<ReturnType<typeof import('./measure-critical-path.mjs').measureCriticalPath>>} [criticalPathStaticHost] the same, served as a static host serves dist/, config.json edited after the build
 * @property {Awaited<ReturnType<typeof import('./measure-lighthouse.mjs').measureLighthouse>>} [lighthouse]
 * @property {Awaited<ReturnType<typeof import('./measure-installability.mjs').measureInstallability>>} [installability]
 * @property {Awaited<ReturnType<typeof import('./measure-offline-start.mjs').measureOfflineStart>>} [offlineStart]
 * @property {Awaited<ReturnType<typeof import('./measure-typing.mjs').measureTyping>>} [typing]
 * @property {Awaited<ReturnType<typeof import('./measure-step-changes.mjs').measureStepChanges>>} [stepChanges]
 * @property {Awaited<ReturnType<typeof import('./measure-scale.mjs').measureScale>>} [scale]
 * @property {Awaited<ReturnType<typeof import('./measure-draft-restore.mjs').measureDraftRestore>>} [draftRestore]
 * @property {Awaited<ReturnType<typeof import('./measure-handover.mjs').measureHandover>>} [handover]
 * @property {Awaited<ReturnType<typeof import('./measure-press-shift.mjs').measurePressShift>>} [pressShift]
 * @property {Awaited<ReturnType<typeof import('./measure-cover-images.mjs').measureCoverImages>>} [covers]
 * @property {Awaited<ReturnType<typeof import('./measure-proof-of-work.mjs').measureProofOfWork>>} [proofOfWork]
 * @property {Awaited<ReturnType<typeof import('./measure-languages.mjs').measureLanguages>>} [languages]
 * @property {Awaited<ReturnType<typeof import('./measure-files.mjs').measureFiles>>} [files]
 * @property {Awaited<ReturnType<typeof import('./measure-file-list-press-shift.mjs').measureFileListPressShift>>} [fileListPressShift]
 * @property {Awaited<ReturnType<typeof import('./measure-first-journey.mjs').measureFirstJourney>>} [firstJourney]
 */

/**
 * @typedef {object} BudgetCheck
 * @property {string} figure   what is measured
 * @property {string} measured the figure, with its unit
 * @property {string} budget   the budget, with its comparison
 * @property {boolean | null} pass null when the figure could not be measured
 * @property {string} [floor]  the same figure for a page with only one text box (typing only): the
 *                             floor of the probe on this machine, for reading the figure, not a budget
 */

export {};
