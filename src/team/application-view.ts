import type { Answer, Revision, TeamFile } from './team-answers';
import { isTeamFileUrl } from './team-api-urls';

/**
 * How an application's page arranges what the server sent: answers grouped by their section in the
 * order asked, revisions newest first, files as photos or documents. Pure, so the rules are tested
 * without a DOM.
 */

export interface AnswerGroup {
  /** The section's title as the programme named it; null for answers outside any section. */
  section: string | null;
  answers: Answer[];
}

/** Answers grouped by section, each section where its first answer was, answers in their order. */
export function answerGroups(answers: readonly Answer[]): AnswerGroup[] {
  const groups: AnswerGroup[] = [];
  const bySection = new Map<string | null, AnswerGroup>();
  for (const answer of answers) {
    const section = answer.section?.trim() ? answer.section : null;
    let group = bySection.get(section);
    if (!group) {
      group = { section, answers: [] };
      bySection.set(section, group);
      groups.push(group);
    }
    group.answers.push(answer);
  }
  return groups;
}

/** The revisions, newest first (the server sends them so; this holds whatever order arrives). */
export function newestFirst(revisions: readonly Revision[]): Revision[] {
  return [...revisions].sort((a, b) => Number(b.seq) - Number(a.seq));
}

/**
 * Photo types the server sends inline (the team contract): shown as thumbnails. Anything else is a
 * document, offered as a download and never rendered by the page.
 */
const INLINE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

export function isPhoto(file: TeamFile): boolean {
  return INLINE_IMAGES.has(file.type.toLowerCase()) && isTeamFileUrl(file.url);
}

/** Which field a file was given for, in words: its label, else its field's name. */
export function fieldOf(file: TeamFile): string {
  return file.label?.trim() || file.field?.trim() || 'a file field';
}

/** A photo's text alternative: its file name and the field it answers. */
export function photoAlt(file: TeamFile): string {
  return `${file.name}, ${fieldOf(file)}`;
}
