import * as z from 'zod/mini';

/**
 * Data of the blocks that only show configured copy; the form blocks live beside the form.
 * Built when a configuration is checked, not when the app loads (see config-schema.ts).
 */
export function contentBlockSchemas() {
  const heading = z.strictObject({
    text: z.string().check(z.trim(), z.minLength(1)),
    level: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  });

  const richText = z.strictObject({
    html: z.string(),
  });

  const infoBox = z.strictObject({
    title: z.optional(z.string()),
    html: z.string(),
  });

  const notice = z.strictObject({
    tone: z.enum(['info', 'warning']),
    html: z.string(),
  });

  return { heading, richText, infoBox, notice };
}

type ContentBlockSchemas = ReturnType<typeof contentBlockSchemas>;
export type HeadingBlockData = z.infer<ContentBlockSchemas['heading']>;
export type RichTextBlockData = z.infer<ContentBlockSchemas['richText']>;
export type InfoBoxBlockData = z.infer<ContentBlockSchemas['infoBox']>;
export type NoticeBlockData = z.infer<ContentBlockSchemas['notice']>;
