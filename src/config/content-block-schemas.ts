import * as z from 'zod/mini';

/** Data of the blocks that only show configured copy; the form blocks live beside the form. */
export const headingBlockData = z.strictObject({
  text: z.string().check(z.trim(), z.minLength(1)),
  level: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
});

export const richTextBlockData = z.strictObject({
  html: z.string(),
});

export const infoBoxBlockData = z.strictObject({
  title: z.optional(z.string()),
  html: z.string(),
});

export const noticeBlockData = z.strictObject({
  tone: z.enum(['info', 'warning']),
  html: z.string(),
});
