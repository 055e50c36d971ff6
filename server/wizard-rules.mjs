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
    throw new Error(`server/build/${file} is missing: run \`npm run build\` first (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
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
  const draftIdPattern = draftId ?? (receiverRules ? (await import('../src/handover/draft-id.ts')).DRAFT_ID : /** @type {RegExp} */ (await fromBuild('draft-id.mjs', 'DRAFT_ID')));
  return { rulesFor, draftIdPattern };
}
