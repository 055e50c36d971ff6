import { validateApplicationBody } from '../application/body/validate-application-body';
import { textDirection, type TextDirection } from '../i18n/text-direction';
import type { FieldIssue } from '../application/rules/validate-application';
import { deployFindings } from './deploy-findings';
import type { ConfigProblem } from './describe-config-issue';
import { describeConfigIssueForDeployers } from './describe-union-forms';
import { parseConfig } from './parse-config';
import { programmeFormOf } from './programme-form-of';
import { inLanguage, offeredLanguages } from './translated-config';
import { checkedConfigBlock } from './checked-config';
import { translationFindings } from './translation-findings';
import { createMessages } from '../i18n/messages';
import { EN } from '../i18n/messages-en';
import { fileFieldsOf, type FileFieldRules } from '../application/rules/file-fields';

// The 422's words are for the deployer and the integrator reading the answer: English, whatever
// the programme's language, from the catalogue the page uses for the same rules.
const ENGLISH = createMessages('en', EN);

/**
 * The receiver's entry into the wizard's own rules (server/applications/receiver.mjs): from a programme's
 * config.json, the validator of received bodies, the path the wizard sends them to, and the
 * language and its direction (server/programme/programme-pages.mjs writes them into index.html). No
 * browser import anywhere below it; `npm run build` bundles it for Node into
 * server/build/receiver-rules.mjs (vite.server.config.ts), so there is one copy of the rules.
 * Not ok, with every problem by its path, for a configuration the app refuses and for one
 * `npm run check-config` refuses though the app opens with it (deploy-findings.ts), so
 * server/start-server.mjs does not start on either.
 */
export type ReceiverRules =
  | {
      ok: true;
      requestUrl: string | null;
      language: string;
      direction: TextDirection;
      validate: (body: unknown) => FieldIssue[];
      /**
       * The programme's file fields (file-fields.ts): what each takes, how many and how large, for
       * the receiver's checks of an upload and of the files a body lists (server/uploads). Empty
       * for a programme without one.
       */
      fileFields: FileFieldRules[];
      /**
       * index.html's data block carrying this programme as checked (checked-config.ts), for the text
       * whose digest is given: the server puts it in place of the build's when config.json was
       * edited, so the page does not fetch and run the schema before Welcome.
       */
      checkedBlock: (digest: string) => string;
    }
  | { ok: false; problems: ConfigProblem[] };

export function receiverRules(config: unknown): ReceiverRules {
  // A programme in several languages asks the same questions in each (translation-findings.ts):
  // its default language's are the rules.
  const input = inLanguage(config, '');
  const parsed = parseConfig(input, describeConfigIssueForDeployers);
  // What `npm run check-config` refuses, the receiver refuses too: a typo of `requestUrl` would
  // send every application nowhere, and a condition that never holds hides a question for ever.
  const findings = [...deployFindings(input, parsed), ...translationFindings(config)];
  if (!parsed.ok) return { ok: false, problems: [...parsed.problems, ...findings] };
  if (findings.length > 0) return { ok: false, problems: findings };
  const form = programmeFormOf(parsed.config);
  const translations = Object.fromEntries(
    offeredLanguages(config)
      .slice(1)
      .flatMap((language) => {
        const read = parseConfig(config, describeConfigIssueForDeployers, language);
        return read.ok ? [[language, read.config]] : [];
      }),
  );
  const checked = { config: parsed.config, unknownKeys: parsed.unknownKeys, ...(Object.keys(translations).length > 0 ? { translations } : {}) };
  return {
    ok: true,
    requestUrl: parsed.config.requestUrl ?? null,
    language: parsed.config.lang,
    direction: textDirection(parsed.config.lang),
    validate: (body) =>
      validateApplicationBody(body, form).map((issue) => ({
        ...(issue.rule === undefined ? {} : { rule: issue.rule }),
        path: issue.path,
        message: ENGLISH.problem(issue.message),
      })),
    checkedBlock: (digest) => checkedConfigBlock({ digest, ...checked }),
    fileFields: fileFieldsOf(form),
  };
}
