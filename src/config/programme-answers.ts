import { PLATFORM_LABELS, isPlatformKey } from '../application/values/platforms.ts';
import { inLanguage, offeredLanguages } from './translated-config.ts';

/** One answer as the team reads it: under the section that asked it, with the question's words. */
export interface LabelledAnswer {
  readonly section: string | null;
  readonly label: string;
  readonly value: string;
}

/** An application's answers as a programme asked them, and the label of each of its file fields by key. */
export interface ProgrammeAnswers {
  readonly title: string;
  readonly answers: readonly LabelledAnswer[];
  readonly fileLabels: Readonly<Record<string, string>>;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** What the body holds at a field's path (docs/application-body.md), as text, or '' when absent. */
function answerAt(body: Json, path: string, fields: ReadonlyMap<string, string>): string {
  if (path.startsWith('fields.single.')) return fields.get(path.slice('fields.single.'.length)) ?? '';
  const [top, ...rest] = path.split('.');
  let value: unknown = top === undefined ? undefined : body[top];
  for (const part of rest) value = isRecord(value) ? value[part] : undefined;
  return typeof value === 'string' ? value : '';
}

/** A country's English name for its two-letter code (the team reads English), or the code. */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames('en', { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A choice's words: an option's name for its value, several choices each (sent joined by ", "). */
function choiceText(field: Json, value: string): string {
  const options = field.options;
  if (options === 'countries') return value.split(', ').map(countryName).join(', ');
  if (!Array.isArray(options)) return value;
  const names = new Map(options.filter(isRecord).map((option) => [text(option.value), text(option.name)]));
  const whole = names.get(value);
  if (whole !== undefined) return whole;
  return value
    .split(', ')
    .map((part) => names.get(part) ?? part)
    .join(', ');
}

/**
 * The answers of an application's body labelled as `config` (a programme's config.json, parsed)
 * asks them, in `language` when the programme is written in it (its default language's words
 * otherwise): every field of every FormSection in step order, under the section's title, with the
 * value a person reads (a choice by its words, Yes and No as sent, a list as sent, joined). An
 * answer the programme does not ask (a programme edited since, or unknown) follows under its key,
 * so nothing the creator sent is hidden. Pure, and bundled for the receiver (vite.server.config.ts).
 */
export function programmeAnswers(config: unknown, language: string | null, body: unknown): ProgrammeAnswers {
  const offered = offeredLanguages(config);
  const wanted = language === null ? undefined : offered.find((tag) => tag.toLowerCase() === language.toLowerCase());
  const read = inLanguage(config, wanted ?? offered[0] ?? '');
  const programme = isRecord(read) ? read : {};
  const sent = isRecord(body) ? body : {};
  const fields = new Map((Array.isArray(sent.fields) ? sent.fields : []).filter(isRecord).map((entry) => [text(entry.key), text(entry.value)]));
  const used = new Set<string>();
  const answers: LabelledAnswer[] = [];
  const fileLabels: Record<string, string> = {};
  const add = (section: string | null, label: string, value: string) => {
    if (value !== '') answers.push({ section, label, value });
  };
  const labelled = (section: string | null, field: Json) => {
    const path = text(field.path);
    const label = text(field.label) || path;
    if (path.startsWith('fields.single.')) used.add(path.slice('fields.single.'.length));
    switch (field.kind) {
      case 'file':
        fileLabels[path.slice('fields.single.'.length)] = label;
        return;
      case 'phone': {
        const phone = isRecord(sent.personalInfo) && isRecord(sent.personalInfo.phone) ? sent.personalInfo.phone : {};
        add(section, label, [text(phone.countryCode) ? `+${text(phone.countryCode)}` : '', text(phone.subscriber)].filter(Boolean).join(' '));
        return;
      }
      case 'platforms': {
        const platforms = isRecord(sent.platforms) ? sent.platforms : {};
        for (const [key, entry] of Object.entries(platforms)) {
          if (key === 'website' || !isRecord(entry)) continue;
          const followers = text(entry.followers);
          add(section, `${label}: ${isPlatformKey(key) ? PLATFORM_LABELS[key] : key}`, `${text(entry.handle)}${followers ? ` (${followers} followers)` : ''}`);
        }
        return;
      }
      case 'yesNo': {
        const key = path.slice('fields.single.'.length);
        used.add(`${key}.value`).add(`${key}.explanation`);
        add(section, label, fields.get(`${key}.value`) ?? answerAt(sent, path, fields));
        add(section, text(field.explanationLabel) || `${label} (explanation)`, fields.get(`${key}.explanation`) ?? '');
        for (const followUp of Array.isArray(field.followUp) ? field.followUp.filter(isRecord) : []) labelled(section, followUp);
        return;
      }
      case 'select':
        add(section, label, choiceText(field, answerAt(sent, path, fields)));
        return;
      default:
        add(section, label, answerAt(sent, path, fields));
    }
  };
  for (const step of Array.isArray(programme.steps) ? programme.steps.filter(isRecord) : []) {
    for (const block of Array.isArray(step.blocks) ? step.blocks.filter(isRecord) : []) {
      if (block.component !== 'FormSection' || !isRecord(block.data)) continue;
      const section = text(block.data.title) || null;
      for (const field of Array.isArray(block.data.fields) ? block.data.fields.filter(isRecord) : []) labelled(section, field);
    }
  }
  for (const [key, value] of fields) if (!used.has(key)) add(null, key, value);
  const title = text(programme.programmeTitle) || text(programme.title);
  return { title: title.trim(), answers, fileLabels };
}
