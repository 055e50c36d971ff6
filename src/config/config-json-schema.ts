import * as z from 'zod/mini';
import { configSchema } from './config-schema';
import { messagesSchema } from './messages-schema';

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
  const properties = { ...(generated.properties as Record<string, unknown>), messages: z.toJSONSchema(messagesSchema(), { io: 'input', unrepresentable: 'any' }) };
  delete (properties.messages as Record<string, unknown>).$schema;
  return {
    ...generated,
    properties,
    title: 'config.json of the creator partnership wizard',
    description: 'See docs/configuration.md. Check a file with `npm run check-config FILE`.',
  };
}

/** The schema as committed: two-space JSON with a final newline. */
export function configJsonSchemaText(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}
