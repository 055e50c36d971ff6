// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// The direction of src/'s folders, one line per layer: the folders each may import from
// (shared helpers → core → features → app; nothing else, so no cycles and no sibling imports).
// application/ is split the same way inside: values → rules → body, and the lookups.
/** @type {Record<string, string[]>} */
const LAYERS = {
  browser: [],
  storage: [],
  html: [],
  covers: [],
  // The page's language: its words in every language, and its direction. React only in messages-context.ts.
  i18n: [],
  'application/values': [],
  'application/lookups': ['application/values'],
  'application/rules': ['application/values'],
  'application/body': ['application/values', 'application/rules'],
  // The wizard's rules (which step sends, what Continue does): the configuration checker reads them.
  wizard: [],
  config: ['application', 'i18n', 'wizard'],
  telemetry: ['browser', 'config'],
  form: ['application'],
  fields: ['application', 'browser', 'files', 'form', 'html', 'i18n'],
  blocks: ['application', 'config', 'fields', 'html', 'i18n'],
  drafts: ['application', 'storage', 'wizard'],
  // Proof of work: the challenge, its solver and the solutions kept ahead; the outbox sends them.
  'proof-of-work': [],
  // index.html's inline scripts, run before any module (scripts/first-paint-scripts.ts compiles
  // them), and the marks they leave on the page for the app: they inline storage keys and chooseLanguage only.
  'first-paint': ['i18n', 'storage'],
  outbox: ['browser', 'storage', 'proof-of-work'],
  // The files' uploads (tus): a state machine per file, the queue, and the files' ids filled into the
  // application's body before it is sent (the session and the service worker wire it to the outbox).
  // They read the files' bytes from storage/device-files.ts, and know nothing of the field.
  uploads: ['browser', 'outbox', 'storage'],
  // Files chosen for a file field: their checks, photos made smaller in a worker, and the field,
  // which fields/ loads lazily. One way only, files → uploads: the field hands its files to the
  // uploads and shows how far each went, while the uploads also run in the service worker, where
  // no field exists; the bytes both read are kept below them, in storage/device-files.ts (the
  // outbox clears them after acceptance, the handover and the session list them).
  files: ['application', 'fields', 'form', 'i18n', 'storage', 'uploads'],
  // Continue on another device: the draft sealed with WebCrypto, the resume link, the receiver's
  // drafts, the application's id and revision across devices, and opening a link (read against the programme).
  handover: ['application', 'config', 'drafts', 'first-paint', 'outbox', 'storage', 'wizard'],
  tabs: ['browser', 'storage'],
  pwa: ['browser', 'i18n'],
  // The status page (status/index.html, an entry of its own): where an application stands, from
  // its link; the programme read without the wizard's schema, the outbox's receipt rules, the
  // worker told to keep it. Nothing of the wizard.
  status: ['config', 'i18n', 'outbox', 'pwa', 'storage'],
  // The programme team's app (team/index.html, an entry of its own, built apart): sign-in, the
  // inbox, an application, the team and the audit log, over the team API. Nothing of the wizard.
  team: [],
  // The application session: the coordination of the features above, in plain code.
  session: ['application', 'boot', 'browser', 'config', 'drafts', 'handover', 'outbox', 'proof-of-work', 'storage', 'tabs', 'telemetry', 'uploads', 'wizard'],
  boot: ['application', 'config', 'drafts', 'first-paint', 'i18n', 'storage', 'telemetry', 'wizard'],
  // uploads: only the context through which the wizard gives the file fields its session's upload queue.
  app: [
    'application',
    'blocks',
    'boot',
    'browser',
    'config',
    'drafts',
    'form',
    'handover',
    'html',
    'i18n',
    'outbox',
    'pwa',
    'session',
    'storage',
    'telemetry',
    'uploads',
    'wizard',
  ],
  // Build time only: Welcome rendered into index.html (scripts/prerender-welcome.ts).
  prerender: ['app', 'boot', 'config', 'html', 'i18n'],
};

// The direction of server/'s rooms, one line per room: the rooms each may import from. Lowest are
// the Node process's own concerns (process/: a periodic job, the collector, the one teardown) and
// the toolkit every handler uses (http/: answering and refusing, CORS, the body read with its 413,
// the request's context, who sent it through which proxy, the security headers, the admin door).
// limits/ judge a request by that context before its body is read; log/ names a refused client by
// the key the limits count it by. store/ is the database (its adapters, schema, migrations and the
// durability of its folder) and knows no feature: a table belongs to the feature whose rules write
// it, so the features sit above the store, each owning its endpoints, its tables and its part of
// the start (a create…Feature the start composes). A feature imports another only where its line
// says so, because the data does: an application holds uploads, a webhook carries its
// application's files, a moved receiver carries the drafts' path, a backup holds the uploads.
// cli/ asks the features and the store from a terminal. The start (server/*.mjs: serve, start-server,
// compose-rooms, the app and admin servers) composes everything, and no room imports it.
/** @type {Record<string, string[]>} */
const SERVER_LAYERS = {
  process: [],
  http: [],
  limits: ['http'],
  log: ['http', 'limits'],
  store: ['http'],
  uploads: ['http', 'limits', 'process', 'store'],
  drafts: ['http', 'limits', 'process'],
  applications: ['http', 'log', 'process', 'store', 'uploads'],
  webhooks: ['applications', 'http', 'process'],
  programme: ['drafts', 'http', 'limits'],
  backup: ['store', 'uploads'],
  health: ['http', 'store'],
  mail: ['http', 'process'],
  status: ['applications', 'http', 'limits', 'store'],
  team: ['http', 'limits', 'mail', 'process', 'store'],
  cli: ['applications', 'backup', 'http', 'mail', 'process', 'status', 'store', 'team', 'uploads', 'webhooks'],
  inbox: ['applications', 'http', 'status', 'store', 'uploads'],
};

// The pure core: no React, no components; unit-tested without a DOM. Whole folders, and single files of others.
/** @type {Record<string, string[]>} */
const PURE = {
  'application/values': ['src/application/values/**/*.ts'],
  'application/lookups': ['src/application/lookups/**/*.ts'],
  'application/rules': ['src/application/rules/**/*.ts'],
  'application/body': ['src/application/body/**/*.ts'],
  config: ['src/config/**/*.ts'],
  i18n: [
    'src/i18n/catalogue.ts',
    'src/i18n/format-message.ts',
    'src/i18n/messages.ts',
    'src/i18n/problem-code.ts',
    'src/i18n/messages-en.ts',
    'src/i18n/messages-en-shell.ts',
    'src/i18n/messages-en-form.ts',
    'src/i18n/messages-fr.ts',
    'src/i18n/messages-es.ts',
    'src/i18n/built-in-catalogues.ts',
    'src/i18n/text-direction.ts',
    'src/i18n/status-messages-en.ts',
    'src/i18n/status-messages-fr.ts',
    'src/i18n/status-messages-es.ts',
    'src/i18n/mail-messages-en.ts',
    'src/i18n/mail-messages-fr.ts',
    'src/i18n/mail-messages-es.ts',
    'src/i18n/mail-words.ts',
  ],
  wizard: ['src/wizard/wizard-machine.ts'],
  handover: ['src/handover/**/*.ts'],
  outbox: [
    'src/outbox/retry-policy.ts',
    'src/outbox/attempt-once.ts',
    'src/outbox/outbox-record.ts',
    'src/outbox/refused-body-files.ts',
    'src/outbox/status-receipt.ts',
  ],
  team: [
    'src/team/team-answers.ts',
    'src/team/team-outcome.ts',
    'src/team/team-api.ts',
    'src/team/team-api-urls.ts',
    'src/team/team-routes.ts',
    'src/team/team-permissions.ts',
    'src/team/inbox-filters.ts',
    'src/team/decision-rules.ts',
    'src/team/application-view.ts',
    'src/team/team-words.ts',
    'src/team/sign-in-words.ts',
  ],
  status: [
    'src/status/status-answer.ts',
    'src/status/lookup-url.ts',
    'src/status/status-language.ts',
    'src/status/status-view.ts',
    'src/status/status-texts.ts',
  ],
  uploads: [
    'src/uploads/upload-machine.ts',
    'src/uploads/with-upload-ids.ts',
    'src/uploads/uploads-endpoint.ts',
    'src/uploads/resume-decision.ts',
    'src/uploads/upload-progress.ts',
    'src/uploads/session-uploads.ts',
  ],
  session: ['src/session/**/*.ts'],
  'first-paint': ['src/first-paint/**/*.ts'],
  boot: ['src/boot/welcome-gives-way.ts', 'src/boot/run-welcome-gives-way.ts'],
  // The selects' rules: the search, the maximum, and the combobox's core (its hook, use-combobox.ts, is the React side).
  fields: [
    'src/fields/filter-options.ts',
    'src/fields/pick-with-max.ts',
    'src/fields/combobox/combobox-state.ts',
    'src/fields/combobox/active-option.ts',
    'src/fields/combobox/element-ids.ts',
    'src/fields/combobox/remembered-search.ts',
  ],
};
// Read by tests: tests/unit/lint/layers-in-use.node.test.ts (no allowance no file makes use of) and
// tests/unit/docs/architecture-layout.node.test.ts (docs/architecture.md's layout says the same),
// for src/ and server/ alike.
export { LAYERS, PURE, SERVER_LAYERS };

/** @type {ImportPattern[]} */
const NO_REACT = [{ group: ['react', 'react-dom', 'react/*', '**/*.tsx'], message: 'The core stays free of React: it is unit-tested without a DOM.' }];
/** @type {ImportPattern[]} */
const NO_TELEMETRY_LIBRARIES = [{ regex: '^(posthog-js|@sentry/)', message: 'Only src/telemetry imports posthog-js and @sentry/*: use its wrappers.' }];

/** @type {ImportPattern[]} */
const NO_IDB_KEYVAL = [
  {
    group: ['idb-keyval'],
    message: 'IndexedDB is opened only through src/storage/guarded-indexed-db.ts (guardedStore, keyval): a blocked storage must not throw.',
  },
];
// The one file that touches IndexedDB: reading `indexedDB` throws where storage is blocked, so
// everything else goes through its guard (a `typeof indexedDB` throws there too).
const GUARDED_INDEXED_DB = 'src/storage/guarded-indexed-db.ts';
const INDEXED_DB_MESSAGE = 'Use src/storage/guarded-indexed-db.ts (indexedDbFactory, guardedStore): reading indexedDB throws where storage is blocked.';

/** @typedef {{ regex?: string, group?: string[], message: string }} ImportPattern */

/**
 * The imports a folder may not make: every folder of src/ it does not list, at any depth of '../' (and, inside application/, the sibling folders it does not list).
 * @param {string} folder
 * @returns {ImportPattern[]}
 */
function forbiddenFor(folder) {
  const allowed = LAYERS[folder] ?? [];
  const message = `src/${folder} may import only from ${allowed.join(', ') || 'itself'} (eslint.config.js, LAYERS).`;
  const [top] = folder.split('/');
  const topFolders = [...new Set(Object.keys(LAYERS).map((name) => name.split('/')[0]))];
  const others = topFolders.filter((name) => name !== top && !allowed.some((entry) => entry.split('/')[0] === name));
  const patterns = [{ regex: `^(\\.\\./)+(${others.join('|')})/`, message }];
  const siblings = Object.keys(LAYERS).filter((name) => name !== folder && name.startsWith(`${top}/`) && folder.includes('/') && !allowed.includes(name));
  if (siblings.length > 0) patterns.push({ regex: `^\\.\\./(${siblings.map((name) => name.split('/')[1]).join('|')})/`, message });
  return patterns;
}

/** @returns {import('eslint').Linter.Config[]} */
function layerRules() {
  /** @param {ImportPattern[]} patterns @returns {import('eslint').Linter.RulesRecord} */
  const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  return [
    { files: ['src/*.{ts,tsx}'], rules: restrict([...NO_TELEMETRY_LIBRARIES, ...NO_IDB_KEYVAL]) },
    ...Object.keys(LAYERS).map((folder) => ({
      files: [`src/${folder}/**/*.{ts,tsx}`],
      rules: restrict([...forbiddenFor(folder), ...(folder === 'telemetry' ? [] : NO_TELEMETRY_LIBRARIES), ...NO_IDB_KEYVAL]),
    })),
    // Later entries win for the same rule, so a pure file's entry repeats its folder's patterns.
    ...Object.entries(PURE).map(([folder, files]) => ({
      files,
      rules: restrict([...forbiddenFor(folder), ...NO_TELEMETRY_LIBRARIES, ...NO_REACT, ...NO_IDB_KEYVAL]),
    })),
    // The service worker takes the shared outbox, config and storage code, and the files' uploads, nothing of the page's UI.
    {
      files: ['sw/**/*.ts'],
      rules: restrict([
        { regex: '^\\.\\./src/(?!(config|outbox|storage|uploads)/)', message: 'sw/ may import only src/config, src/outbox, src/storage and src/uploads.' },
        ...NO_TELEMETRY_LIBRARIES,
        ...NO_IDB_KEYVAL,
      ]),
    },
    // The guard itself: its folder's patterns, idb-keyval allowed.
    { files: [GUARDED_INDEXED_DB], rules: restrict([...forbiddenFor('storage'), ...NO_TELEMETRY_LIBRARIES]) },
    // Nor the global, under any name of the scope (the page, a worker, the service worker).
    {
      files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
      ignores: [GUARDED_INDEXED_DB],
      rules: {
        'no-restricted-globals': ['error', { name: 'indexedDB', message: INDEXED_DB_MESSAGE }],
        'no-restricted-properties': [
          'error',
          ...['window', 'self', 'globalThis'].map((object) => ({ object, property: 'indexedDB', message: INDEXED_DB_MESSAGE })),
        ],
      },
    },
  ];
}

/**
 * The imports a room of server/ may not make: every room it does not list, and the start above them
 * all, from a file `depth` folders below server/ (a room's own, or one folder inside it).
 * @param {string} room
 * @param {number} depth
 * @returns {ImportPattern[]}
 */
function forbiddenForRoom(room, depth) {
  const allowed = SERVER_LAYERS[room] ?? [];
  const message = `server/${room} may import only from ${allowed.join(', ') || 'itself'} (eslint.config.js, SERVER_LAYERS).`;
  const others = Object.keys(SERVER_LAYERS).filter((name) => name !== room && !allowed.includes(name));
  const up = '\\.\\./'.repeat(depth);
  return [
    { regex: `^${up}(${others.join('|')})/`, message },
    { regex: `^${up}[^/]+\\.mjs$`, message: `server/${room} may not import the start (server/*.mjs): the start composes the rooms, not the other way.` },
  ];
}

/** @returns {import('eslint').Linter.Config[]} */
function serverLayerRules() {
  return Object.keys(SERVER_LAYERS).flatMap((room) => [
    { files: [`server/${room}/*.mjs`], rules: { 'no-restricted-imports': ['error', { patterns: forbiddenForRoom(room, 1) }] } },
    { files: [`server/${room}/*/*.mjs`], rules: { 'no-restricted-imports': ['error', { patterns: forbiddenForRoom(room, 2) }] } },
  ]);
}

// A file longer than a screenful of screens holds more than one idea: 300 lines, comments and
// blank lines counted, for the code of every side (tests may be longer: a journey is one idea).
const MAX_LINES = { max: 300, skipBlankLines: false, skipComments: false };

// Files that import each other in a loop, at any distance, on every side: a circle has no lower
// end, so neither file can be understood or tested first.
const NO_CYCLE_FILES = ['src/**/*.{ts,tsx}', 'server/**/*.mjs', 'sw/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-strict/',
      'dist-languages/',
      'data-dev/',
      'server/build/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json', './sw/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-console': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}', 'tests/component/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...Object.fromEntries(Object.keys(reactHooks.configs.recommended.rules).map((rule) => [rule, 'error'])),
    },
  },
  ...layerRules(),
  ...serverLayerRules(),
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.mjs', 'sw/**/*.{ts,js}', 'scripts/**/*.{ts,js,mjs}'],
    rules: { 'max-lines': ['error', MAX_LINES] },
  },
  {
    files: NO_CYCLE_FILES,
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js'] })] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'server/**/*.mjs', 'tests/e2e/**/*.ts', 'tests/support/**/*.{ts,mjs}', 'tests/build/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // server/ is JSDoc-typed JavaScript that tsc checks (tsconfig.node.json, checkJs): the type-aware
  // rules read those types as they read src/'s. A JSDoc cast is invisible to them, so JSON is read
  // with server/http/parse-json.mjs (unknown, never any). Other scripts are linted without types.
  {
    files: ['**/*.{js,mjs}'],
    ignores: ['server/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Its inline-script hashing is being rewritten for the first-paint scripts: typed lint joins it then.
  {
    files: ['server/http/security-headers.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
