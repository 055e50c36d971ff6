// config.json's `messages`: a programme's own words for the app's texts. The app takes any words
// by key; `npm run check-config` and the receiver (deploy findings) refuse a key the app does not
// have and a message without a placeholder its key fills, each by its path, and the JSON Schema
// tells an editor the same.
import { describe, expect, it } from 'vitest';
import defaultConfigText from '../../../public/config.json?raw';
import { configJsonSchema } from '../../../src/config/config-json-schema';
import { deployFindings } from '../../../src/config/deploy-findings';
import { parseConfig } from '../../../src/config/parse-config';

const withMessages = (messages: unknown) => ({ ...(JSON.parse(defaultConfigText) as Record<string, unknown>), messages });

function findings(messages: unknown): string[] {
  const input = withMessages(messages);
  return deployFindings(input, parseConfig(input)).map((problem) => `${problem.path}: ${problem.message}`);
}

describe('config.json messages', () => {
  it('takes words and plural forms by key, with nothing for the deployer to fix', () => {
    const messages = {
      saved: 'Kept on this phone',
      problems: { one: 'One answer to check.', other: '{count} answers to check.' },
      maxLength: 'At most {count} letters',
    };
    const result = parseConfig(withMessages(messages));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.config.messages?.saved).toBe('Kept on this phone');
    expect(findings(messages)).toEqual([]);
  });

  it('takes the status page’s and the last step’s words too, their placeholders checked the same way', () => {
    expect(findings({ statusAccepted: 'Welcome aboard!', yourReference: 'Reference {reference}', statusLastChecked: 'Checked {moment}' })).toEqual([]);
    expect(findings({ statusLastChecked: 'Checked lately' })).toEqual(['messages.statusLastChecked: must contain {moment}, which the app fills in']);
    expect(findings({ yourReference: 'Your reference' })).toEqual(['messages.yourReference: must contain {reference}, which the app fills in']);
  });

  it('reports a key the app does not have, by its path', () => {
    expect(findings({ savd: 'Kept' })).toEqual(['messages.savd: not a text of the app (docs/configuration.md, "Messages", lists them)']);
  });

  it('reports a message without a placeholder its key fills, in the form that must carry it', () => {
    expect(findings({ maxLength: 'At most some letters' })).toEqual(['messages.maxLength: must contain {count}, which the app fills in']);
    expect(findings({ maxLength: { one: 'At most one letter', other: 'At most a few letters' } })).toEqual([
      'messages.maxLength.other: must contain {count}, which the app fills in',
    ]);
    expect(findings({ remove: 'Take out' })).toEqual(['messages.remove: must contain {name}, which the app fills in']);
  });

  it('reports plural forms for a text without a count; an empty message is invalid', () => {
    expect(findings({ saved: { other: 'Saved' } })).toEqual(['messages.saved: this text has no count: give words, not plural forms']);
    expect(parseConfig(withMessages({ saved: '  ' })).ok).toBe(false);
  });

  it('tells an editor every key and the placeholders it needs, in the JSON Schema', () => {
    const messages = (configJsonSchema().properties as Record<string, { additionalProperties?: boolean; properties?: Record<string, unknown> }>).messages;
    expect(messages?.additionalProperties).toBe(false);
    expect(JSON.stringify(messages?.properties?.maxLength)).toContain('\\\\{count\\\\}');
  });
});
