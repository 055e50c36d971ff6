import { describe, expect, it } from 'vitest';
import { configJsonSchema, configJsonSchemaText } from '../../../src/config/config-json-schema';
import committedSchemaText from '../../../public/config.schema.json?raw';
import defaultConfigText from '../../../public/config.json?raw';

describe('the JSON Schema of config.json', () => {
  it('is committed exactly as the zod schema generates it (run `npm run generate:config-schema` after changing the schema)', () => {
    expect(committedSchemaText).toBe(configJsonSchemaText());
  });

  it('lists every key of the default programme, refuses others at the top, and allows "$schema"', () => {
    const schema = configJsonSchema() as { properties: Record<string, unknown>; additionalProperties: unknown; required: string[] };
    const config = JSON.parse(defaultConfigText) as Record<string, unknown>;
    expect(config.$schema).toBe('./config.schema.json');
    for (const key of Object.keys(config)) expect(schema.properties).toHaveProperty([key]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(expect.arrayContaining(['title', 'steps', 'redirectUrl']));
  });

  it('lets every text be given per language, but not the language tags', () => {
    const { properties } = configJsonSchema() as { properties: Record<string, { anyOf?: Array<{ type: string }>; type?: string }> };
    expect(properties.title?.anyOf?.map((form) => form.type)).toEqual(['string', 'object']);
    expect(properties.lang?.type).toBe('string');
    expect(committedSchemaText).toMatch(/"label": \{\s*"anyOf"/);
  });

  it('describes the fields of a form section with their kinds', () => {
    expect(committedSchemaText).toMatch(/"const": "platforms"/);
    expect(committedSchemaText).toMatch(/"const": "FormSection"/);
  });
});
