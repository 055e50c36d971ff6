// The wizard's own rules the receiver applies, one copy of each: from src/ when whoever starts the
// server runs TypeScript (the tests, `npm run dev`), else from the modules `npm run build` made of
// them (vite.server.config.ts), since Node runs no TypeScript.

/**
 * An export of a module the server build made of the wizard's code, in server/build/.
 * @param {string} file
 * @param {string} name
 * @returns {Promise<unknown>}
 */
async function fromBuild(file, name) {
  try {
    // A URL, not a literal: the bundle is a build output, not a source the type checker should read.
    const bundle = new URL(`./build/${file}`, import.meta.url).href;
    /** @type {unknown} */
    const module = await import(bundle);
    return /** @type {Record<string, unknown>} */ (module)[name];
  } catch (error) {
    throw new Error(`server/build/${file} is missing: run \`npm run build\` first (${error instanceof Error ? error.message : String(error)}).`, {
      cause: error,
    });
  }
}

/**
 * Modules from src/, or null where this process runs no TypeScript: a caller may hand in rules
 * from the build and still be taken for one reading src/ (a test's child process running the
 * built server), and Node without a loader refuses a .ts file.
 * @template T
 * @param {() => Promise<T>} load
 * @returns {Promise<T | null>}
 */
async function typescriptOrNull(load) {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ERR_UNKNOWN_FILE_EXTENSION') return null;
    throw error;
  }
}

/**
 * The rules a programme makes (`receiverRules`: whether root/config.json is a valid programme is the
 * programme room's to say) and the rule for a draft's id.
 * @param {{
 *   receiverRules: ((config: unknown) => import('../src/config/receiver-rules.ts').ReceiverRules) | undefined,
 *   draftId: RegExp | undefined,
 * }} given what the caller handed in from src/, if anything
 */
export async function wizardRules({ receiverRules, draftId }) {
  const rulesFor = receiverRules ?? /** @type {NonNullable<typeof receiverRules>} */ (await fromBuild('receiver-rules.mjs', 'receiverRules'));
  // Whoever hands in the rules from src/ runs TypeScript: the id's rule comes from there too.
  const draftIdPattern =
    draftId ?? (receiverRules ? (await import('../src/handover/draft-id.ts')).DRAFT_ID : /** @type {RegExp} */ (await fromBuild('draft-id.mjs', 'DRAFT_ID')));
  return { rulesFor, draftIdPattern };
}

/**
 * What the creator's e-mails take from the wizard's code: the words in a language under a
 * programme's own (src/i18n/mail-words.ts) and what an e-mail reads of a programme
 * (src/config/mail-programme.ts); from src/ when the caller runs TypeScript, else from the build.
 * Loaded only when mail is on.
 * @param {{ fromSource: boolean }} where fromSource: the caller handed in the rules from src/
 * @returns {Promise<{
 *   mailWords: typeof import('../src/i18n/mail-words.ts').mailWords,
 *   mailProgramme: typeof import('../src/config/mail-programme.ts').mailProgramme,
 * }>}
 */
export async function mailTexts({ fromSource }) {
  const source = fromSource
    ? await typescriptOrNull(() => Promise.all([import('../src/i18n/mail-words.ts'), import('../src/config/mail-programme.ts')]))
    : null;
  if (source) {
    const [words, programme] = source;
    return { mailWords: words.mailWords, mailProgramme: programme.mailProgramme };
  }
  return {
    mailWords: /** @type {typeof import('../src/i18n/mail-words.ts').mailWords} */ (await fromBuild('mail-words.mjs', 'mailWords')),
    mailProgramme: /** @type {typeof import('../src/config/mail-programme.ts').mailProgramme} */ (await fromBuild('mail-programme.mjs', 'mailProgramme')),
  };
}

/**
 * How the team's inbox reads an application's answers with its programme's labels
 * (src/config/programme-answers.ts); from src/ when the caller runs TypeScript, else from the build.
 * @param {{ fromSource: boolean }} where fromSource: the caller handed in the rules from src/
 * @returns {Promise<typeof import('../src/config/programme-answers.ts').programmeAnswers>}
 */
export async function programmeAnswersReader({ fromSource }) {
  const source = fromSource ? await typescriptOrNull(() => import('../src/config/programme-answers.ts')) : null;
  if (source) return source.programmeAnswers;
  return /** @type {typeof import('../src/config/programme-answers.ts').programmeAnswers} */ (await fromBuild('programme-answers.mjs', 'programmeAnswers'));
}
