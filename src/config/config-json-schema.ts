import * as z from 'zod/mini';
import { configSchema } from './config-schema';
import { messagesSchema } from './messages-schema';
import { LANGUAGE_TAG } from './translated-config';

/**
 * The JSON Schema of config.json, generated from the same zod schema the app parses with, so
 * an editor completes and checks keys while a deployer types (`"$schema": "./config.schema.json"`).
 * It is committed as public/config.schema.json (`npm run generate:config-schema`), served beside
 * config.json, and a unit test keeps it in step with the code. Checks written as functions (URL
 * rules, srcset syntax, field paths) have no JSON Schema form: `npm run check-config` applies
 * them, exactly as the app does.
 */
export function configJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(configSchema(), { io: 'input', unrepresentable: 'any' });
  // The app reads `messages` as any words by any key; an editor is told each key and the
  // placeholders it needs, as check-config says them.
  const properties: Record<string, unknown> = {
    ...(generated.properties as Record<string, unknown>),
    messages: z.toJSONSchema(messagesSchema(), { io: 'input', unrepresentable: 'any' }),
  };
  delete (properties.messages as Record<string, unknown>).$schema;
  const { languages, lang, $schema, ...rest } = properties;
  return {
    ...generated,
    // A text may be given per language (translated-config.ts): wherever the file holds words.
    properties: { $schema, lang, languages, ...(translatable(rest) as Record<string, unknown>) },
    title: 'config.json of the creator partnership wizard',
    description: 'See docs/configuration.md. Check a file with `npm run check-config FILE`.',
  };
}

/** Where the file may give words per language: every string, but the language tags themselves. */
function translatable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(translatable);
  if (!node || typeof node !== 'object') return node;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'string') {
    return {
      anyOf: [
        schema,
        {
          type: 'object',
          description: 'The text in each of the programme\'s "languages", by language tag.',
          propertyNames: { pattern: LANGUAGE_TAG.source },
          additionalProperties: schema,
          minProperties: 1,
        },
      ],
    };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'propertyNames' ? value : translatable(value)]));
}

/** The schema as committed: two-space JSON with a final newline. */
export function configJsonSchemaText(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}
