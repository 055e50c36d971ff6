import type { ProgrammeForm } from '../rules/programme-form';
import { isTree } from '../values/is-tree';
import { isStorableText } from '../values/storable-text';
import type { RuleIssue } from './rule-issue';
import { askedAnswers } from './asked-answers';
import { bodyPathPart } from './body-path';

/**
 * Where a received body holds text no store keeps (storable-text.ts: NUL, a lone surrogate, a
 * non-character), in a value or in a key, anywhere: the client's error (422), not the store's
 * (a 503 the wizard would retry for ever). Checked before anything else reads the body, so no
 * such text goes further. A path names the body's parts by the names the body format has
 * (`personalInfo.firstName`, an answer by its programme path `fields.single.children.explanation`);
 * a key that is not a plain name is written `*`, so a path never carries what a client made up.
 */

export const UNSTORABLE_TEXT = 'unstorable-text';

/** At most this many places are named: one is enough to fix, a flood of them helps no one. */
const MAX_ISSUES = 10;
const MAX_DEPTH = 64;

const VALUE_MESSAGE = 'holds a character that cannot be stored (NUL, a lone surrogate or a Unicode non-character)';
const KEY_MESSAGE = 'has a key holding a character that cannot be stored (NUL, a lone surrogate or a Unicode non-character)';

function joined(path: string, part: string): string {
  return path === '' ? part : `${path}.${part}`;
}

/** The place of each unstorable text of a parsed JSON value, in document order. */
function walk(value: unknown, path: string, depth: number, issues: RuleIssue[], nameOf: (path: string) => string): void {
  if (issues.length >= MAX_ISSUES) return;
  if (typeof value === 'string') {
    if (!isStorableText(value)) issues.push({ path: nameOf(path) || '(body)', rule: UNSTORABLE_TEXT, message: VALUE_MESSAGE });
    return;
  }
  // JSON.parse has bounded the depth already (the body is at most 64 kB); this keeps a bound of its own.
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => {
      walk(item, joined(path, String(index)), depth + 1, issues, nameOf);
    });
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    if (!isStorableText(key)) {
      if (issues.length < MAX_ISSUES) issues.push({ path: path || '(body)', rule: UNSTORABLE_TEXT, message: KEY_MESSAGE });
      continue;
    }
    walk(child, joined(path, bodyPathPart(key)), depth + 1, issues, nameOf);
  }
}

/** Every place of a received body (value or key) holding text that cannot be stored, at most ten. */
export function unstorableText(body: unknown, form: ProgrammeForm): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const asked = askedAnswers(form);
  const fields = isTree(body) && Array.isArray(body.fields) ? body.fields : [];
  // An answer's value is named by its question's path when its key is one the programme asks.
  const nameOf = (path: string): string => {
    const match = /^fields\.(\d+)\.value$/.exec(path);
    const entry: unknown = match ? fields[Number(match[1])] : undefined;
    const answer = isTree(entry) && typeof entry.key === 'string' ? asked.get(entry.key) : undefined;
    return answer ? answer.path : path;
  };
  walk(body, '', 0, issues, nameOf);
  return issues;
}
