import * as z from 'zod/mini';

/**
 * The team API's answers (docs: the team contract), read strictly with zod: what the page shows
 * has been checked to be the shape it expects, so an unexpected answer is a plain "could not be
 * read" rather than a half-drawn screen. Fields the database may leave empty are nullable; a
 * sequence number may come as a string (PostgreSQL's bigint), and is sent back as it came.
 */

export const ROLES = ['viewer', 'reviewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const STATUSES = ['received', 'in-review', 'accepted', 'declined'] as const;
export type Status = (typeof STATUSES)[number];

const text = z.string();
const maybeText = z.nullable(z.optional(z.string()));
const seq = z.union([z.number(), z.string()]);
const count = z.number().check(z.int(), z.nonnegative());

export const sessionSchema = z.object({ email: text, role: z.enum(ROLES), oidc: z.optional(z.boolean()) });
export type Session = z.infer<typeof sessionSchema>;

/** The 401 of GET /team/api/session: signed out, and whether single sign-on is offered. */
export const signedOutSchema = z.object({ error: z.literal('signed-out'), oidc: z.optional(z.boolean()) });

export const countsSchema = z.object({
  all: count,
  received: count,
  'in-review': count,
  accepted: count,
  declined: count,
});
export type Counts = z.infer<typeof countsSchema>;

export const inboxItemSchema = z.object({
  id: text,
  reference: maybeText,
  name: maybeText,
  email: maybeText,
  handle: maybeText,
  language: maybeText,
  receivedAt: text,
  updatedAt: maybeText,
  status: z.enum(STATUSES),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({
  counts: countsSchema,
  items: z.array(inboxItemSchema),
  next: z.nullable(z.optional(z.union([z.string(), z.number()]))),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const standingSchema = z.object({ status: z.enum(STATUSES), changedAt: text, seq });
export const historyEntrySchema = z.object({
  seq,
  status: z.enum(STATUSES),
  message: maybeText,
  changedAt: text,
  changedBy: maybeText,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const decisionAnswerSchema = z.object({ status: standingSchema, history: z.array(historyEntrySchema) });
export type DecisionAnswer = z.infer<typeof decisionAnswerSchema>;

export const answerSchema = z.object({ section: maybeText, label: text, value: text });
export type Answer = z.infer<typeof answerSchema>;

export const revisionSchema = z.object({
  seq,
  receivedAt: text,
  clientRevision: z.nullable(z.optional(z.union([z.number(), z.string()]))),
  answers: z.array(answerSchema),
});
export type Revision = z.infer<typeof revisionSchema>;

export const fileSchema = z.object({
  uploadId: text,
  field: maybeText,
  label: maybeText,
  name: text,
  type: text,
  size: z.number(),
  width: z.nullable(z.optional(z.number())),
  height: z.nullable(z.optional(z.number())),
  url: text,
});
export type TeamFile = z.infer<typeof fileSchema>;

export const noteSchema = z.object({ seq, author: text, body: text, createdAt: text });
export type Note = z.infer<typeof noteSchema>;

export const applicationSchema = z.object({
  id: text,
  reference: maybeText,
  language: maybeText,
  receivedAt: text,
  updatedAt: maybeText,
  status: standingSchema,
  history: z.array(historyEntrySchema),
  programme: z.nullable(z.optional(z.object({ title: maybeText, digest: maybeText }))),
  revisions: z.array(revisionSchema),
  files: z.array(fileSchema),
  notes: z.array(noteSchema),
});
export type TeamApplication = z.infer<typeof applicationSchema>;

export const memberSchema = z.object({ email: text, role: z.enum(ROLES), addedAt: maybeText });
export type Member = z.infer<typeof memberSchema>;
export const membersSchema = z.object({ members: z.array(memberSchema) });

export const auditEntrySchema = z.object({
  seq,
  at: text,
  actor: text,
  action: text,
  applicationId: maybeText,
  detail: z.optional(z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next: z.nullable(z.optional(seq)) });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Any refusal's body: `{ "error": "…" }`, and for a decision decided meanwhile the new standing. */
export const errorSchema = z.object({ error: text });
export const decidedMeanwhileSchema = z.object({ error: z.literal('decided-meanwhile'), status: standingSchema, history: z.array(historyEntrySchema) });
