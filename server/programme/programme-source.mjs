// The programme the receiver applies is the one the page is given: dist/config.json as it is now,
// not as it was when the server started. A deployer edits the file without restarting (as
// docs/configuration.md says they may). The file is looked at whenever it is about to be served
// (config.json itself, index.html and the manifest, whose words come from it: programme-pages.mjs)
// and on each application (the file's size, time and inode are compared, a stat of a few
// microseconds; the file is read and its rules rebuilt only when they change). So every programme
// a page was given has been recorded before the page had it, even one replaced before any
// application arrived.
//
// A creator whose page was opened before the edit still sends an application made under the
// previous programme (a question since removed, an option renamed). Every programme applied is
// recorded in the store by its digest (the `programmes` table), with when another replaced it; a
// body the current programme refuses is accepted when a programme applied within the last 30 days
// accepts it (by any instance, before any restart), so the edit never turns away a creator who
// did what their page asked. An edit that is not a valid programme (what `npm start` refuses to
// start on, deploy findings included) is never given to a page: pages go on being given the last
// valid one, which the receiver goes on applying, and the log says so loudly, once per version
// of the file. A restart on such a file does the same (an outage for a bad edit would lose the
// applications of every page open meanwhile): it starts on the last valid programme the store
// recorded, and says so with the file and its problems; only a first start ever, with no
// programme recorded, refuses.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { invalidProgrammeError, programmeOf } from './programme-file.mjs';

/** How long a replaced programme's applications are still accepted: a draft kept on a phone for weeks. */
export const PREVIOUS_PROGRAMMES_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_PREVIOUS = 20;
const PREVIOUS_REREAD_MS = 30_000;

/**
 * @typedef {import('../../src/config/receiver-rules.ts').ReceiverRules} ReceiverRules
 * @typedef {Extract<ReceiverRules, { ok: true }>} ValidRules
 * @typedef {{ digest: string, title: string, text: string, rules: ValidRules }} Programme text: config.json's, as pages are given it
 * @typedef {Array<{ path: string, message: string }>} Issues
 */

/**
 * @param {{
 *   root: string,
 *   rulesFor: (config: unknown) => ReceiverRules,
 *   store: import('../store/store-types.mjs').Store,
 *   log?: (line: string) => void,
 *   now?: () => Date,
 *   onChange?: (programme: Programme, previous: Programme) => void,
 *   objection?: (rules: ValidRules) => string | null,
 * }} options onChange: told of each programme applied after the first, and of the one it replaced;
 *   objection: why this receiver, as it runs, cannot apply a valid programme (a file field on
 *   PostgreSQL without UPLOADS_DIR), asked of each edit: such an edit is refused as an invalid one
 *   is, the last programme kept (a start on one is refused by the caller, before anything is served)
 */
export async function createProgrammeSource({
  root,
  rulesFor,
  store,
  log = () => undefined,
  now = () => new Date(),
  onChange = () => undefined,
  objection = () => null,
}) {
  const file = join(root, 'config.json');
  /** @type {Map<string, ValidRules>} rules of previous programmes, by digest, built once each */
  const previousRules = new Map();

  /** @param {import('node:fs').Stats} info */
  const stamp = (info) => `${String(info.ino)}:${String(info.size)}:${String(info.mtimeMs)}`;

  /**
   * Records a programme as the one applied from now, and starts the 30 days of the others. (Another
   * instance on the same PostgreSQL may still apply one of those: it checks its own first, so
   * the clock only bounds how long pages opened under it are answered elsewhere.)
   * @param {Programme} programme
   * @param {string} text
   */
  async function record(programme, text) {
    await store.transaction(async (tx) => {
      await tx.query(`UPDATE programmes SET retired_at = $2 WHERE digest <> $1 AND retired_at IS NULL`, [programme.digest, now().toISOString()]);
      await tx.query(
        `INSERT INTO programmes (digest, config, first_applied_at) VALUES ($1, $2, $3)
         ON CONFLICT (digest) DO UPDATE SET retired_at = NULL`,
        [programme.digest, text, now().toISOString()],
      );
    });
  }

  const checkCommand = `npm run -s check-config -- ${file}`;
  const startText = await readFile(file, 'utf8');
  const startStamp = stamp(await stat(file));
  const started = programmeOf(startText, rulesFor);
  /** The version of the file last found invalid, or that could not be recorded, so it is reported once. */
  let refusedStamp = '';
  let unrecordedStamp = '';
  /** @type {Programme} */
  let current;
  let currentStamp = '';
  if (started.ok) {
    current = started.programme;
    currentStamp = startStamp;
  } else {
    const kept = await lastRecordedProgramme();
    if (!kept) throw invalidProgrammeError(file, started.problems);
    current = kept;
    refusedStamp = startStamp;
    log(
      `WARNING: ${file} is not a valid programme, so the receiver starts on the last valid one it applied, "${kept.title}" (digest ${kept.digest}), ` +
        `and pages are given it until the file is fixed (${checkCommand}): ${started.problems}`,
    );
  }
  const startedOn = current;
  await record(current, current.text);

  /**
   * The programme applied last before this start, as the store recorded it (by this instance or
   * another on the same PostgreSQL): the one still current, else the last retired. One this build
   * cannot read is passed over.
   * @returns {Promise<Programme | null>}
   */
  async function lastRecordedProgramme() {
    const { rows } = await store.query(
      `SELECT config FROM programmes ORDER BY retired_at DESC NULLS FIRST, first_applied_at DESC LIMIT ${String(MAX_PREVIOUS)}`,
    );
    for (const row of rows) {
      const parsed = programmeOf(String(row.config), rulesFor);
      if (parsed.ok) return parsed.programme;
    }
    return null;
  }
  /** @type {Promise<Programme> | null} */
  let checking = null;

  async function check() {
    let info;
    let text;
    try {
      info = await stat(file);
      if (stamp(info) === currentStamp || stamp(info) === refusedStamp) return current;
      text = await readFile(file, 'utf8');
    } catch {
      // Gone for a moment (an editor replacing it): the last programme goes on.
      return current;
    }
    const seen = stamp(info);
    const next = programmeOf(text, rulesFor);
    if (!next.ok) {
      refusedStamp = seen;
      log(
        `WARNING: config.json changed but is not a valid programme, so pages are still given "${current.title}" (digest ${current.digest}), ` +
          `the last valid one, and the receiver applies it until the file is fixed (${checkCommand}); a restart meanwhile starts on it too: ${next.problems}`,
      );
      return current;
    }
    const objected = next.programme.digest === current.digest ? null : objection(next.programme.rules);
    if (objected !== null) {
      refusedStamp = seen;
      log(
        `ERROR: config.json changed but this receiver cannot apply it, so pages are still given "${current.title}" (digest ${current.digest}), ` +
          `the last programme it can apply, until the file or the receiver's environment is fixed (${checkCommand} with the receiver's environment says so too): ${objected}`,
      );
      return current;
    }
    if (next.programme.digest !== current.digest) {
      try {
        await record(next.programme, text);
      } catch (error) {
        // A page given a programme the store does not know could send what no instance accepts:
        // the previous one goes on until the store answers (the next request tries again).
        if (unrecordedStamp !== seen)
          log(
            `config.json changed, but the store could not record it, so "${current.title}" (digest ${current.digest}) still applies: ${error instanceof Error ? error.message : String(error)}`,
          );
        unrecordedStamp = seen;
        return current;
      }
      log(
        `Programme changed: "${next.programme.title}" (digest ${next.programme.digest}) now applies; applications made under "${current.title}" (digest ${current.digest}) are still accepted for 30 days`,
      );
      const replaced = current;
      current = next.programme;
      onChange(current, replaced);
    }
    currentStamp = seen;
    refusedStamp = '';
    return current;
  }

  /** @type {{ digest: string, readAt: number, list: Array<{ digest: string, rules: ValidRules }> } | null} */
  let previous = null;

  /**
   * Programmes applied recently, other than the current one, newest first. Read from the store at
   * most every PREVIOUS_REREAD_MS (another instance may have applied one meanwhile): only refused
   * bodies ask, and a client sending nothing but refused bodies must not cost a query each.
   */
  async function previousProgrammes() {
    if (previous && previous.digest === current.digest && Date.now() - previous.readAt < PREVIOUS_REREAD_MS) return previous.list;
    const list = await readPreviousProgrammes();
    previous = { digest: current.digest, readAt: Date.now(), list };
    return list;
  }

  async function readPreviousProgrammes() {
    const { rows } = await store.query(
      `SELECT digest, config FROM programmes
       WHERE digest <> $1 AND (retired_at IS NULL OR retired_at >= $2)
       ORDER BY retired_at DESC NULLS FIRST, first_applied_at DESC LIMIT ${String(MAX_PREVIOUS)}`,
      [current.digest, new Date(now().getTime() - PREVIOUS_PROGRAMMES_KEPT_MS).toISOString()],
    );
    /** @type {Array<{ digest: string, rules: ValidRules }>} */
    const programmes = [];
    for (const row of rows) {
      const digest = String(row.digest);
      let rules = previousRules.get(digest);
      if (!rules) {
        const parsed = programmeOf(String(row.config), rulesFor);
        // A programme this build can no longer read (written for an older one) is passed over.
        if (!parsed.ok) continue;
        rules = parsed.programme.rules;
        previousRules.set(digest, rules);
      }
      programmes.push({ digest, rules });
    }
    return programmes;
  }

  return {
    /** The programme config.json holds now (or the last valid one), recorded before it is returned: what a page is given. */
    current() {
      checking ??= check().finally(() => {
        checking = null;
      });
      return checking;
    },
    /** The programme applied when the source was made (the last valid one when the file was not), without looking at the file again. */
    get started() {
      return startedOn;
    },
    /**
     * The requestUrl of every programme pages may still be sending under: the current one, then
     * those applied within the last 30 days (the store's record: across restarts, and by any
     * instance), newest first.
     * @returns {Promise<Array<string | null>>}
     */
    async recentRequestUrls() {
      const programme = await this.current();
      return [programme.rules.requestUrl, ...(await previousProgrammes()).map((previous) => previous.rules.requestUrl)];
    },
    /** The language of the programme last found in the file (for a body sent without Content-Language). */
    get language() {
      return current.rules.language;
    },
    /**
     * The current programme's objections to a body; none when it, or a programme applied within
     * the last 30 days, accepts it.
     * @param {unknown} body
     * @returns {Promise<{ issues: Issues, digest: string }>}
     */
    async validate(body) {
      const programme = await this.current();
      const issues = programme.rules.validate(body);
      if (issues.length === 0) return { issues, digest: programme.digest };
      for (const previous of await previousProgrammes()) {
        if (previous.rules.validate(body).length === 0) return { issues: [], digest: previous.digest };
      }
      return { issues, digest: programme.digest };
    },
  };
}
