// docs/examples/config.files.json: the default programme asking for room photos and a media kit
// as files, as docs/configuration.md shows a deployer. Made from the default programme, so it
// follows it; `npx vitest run tests/unit/docs/files-example.test.ts -u` writes it again.
import { expect, it } from 'vitest';
import { fileFieldsOf } from '../../../src/application/rules/file-fields';
import { checkConfigText } from '../../../src/config/check-config';
import { parseConfigText } from '../../../src/config/parse-config';
import { receiverRules } from '../../../src/config/receiver-rules';
import defaultConfigText from '../../../public/config.json?raw';
import { filesProgramme } from '../../fixtures/files-programme';

const text = `${JSON.stringify(filesProgramme(JSON.parse(defaultConfigText) as Record<string, unknown>), null, 2)}\n`;

it('docs/examples/config.files.json is the default programme with a room-photos and a media-kit file field, and check-config finds nothing', async () => {
  expect(checkConfigText(text)).toEqual({ errors: [], warnings: [] });
  await expect(text).toMatchFileSnapshot('../../../docs/examples/config.files.json');
});

it("the example's file fields are what the receiver is told to allow", () => {
  const rules = receiverRules(JSON.parse(text));
  if (!rules.ok) throw new Error(JSON.stringify(rules.problems));
  expect(rules.fileFields).toEqual([
    {
      key: 'roomPhotos',
      accept: ['image/jpeg', 'image/png', 'image/heic', 'image/webp'],
      maxFiles: 6,
      maxBytes: 15_728_640,
      required: true,
      imageMaxEdge: 2560,
    },
    { key: 'mediaKit', accept: ['application/pdf'], maxFiles: 1, maxBytes: 26_214_400, required: false, imageMaxEdge: 2560 },
  ]);
});

it('the default programme stays as the specification has it: no file field', () => {
  const parsed = parseConfigText(defaultConfigText);
  if (!parsed.ok) throw new Error('public/config.json is invalid');
  expect(fileFieldsOf(parsed.config)).toEqual([]);
  const rules = receiverRules(JSON.parse(defaultConfigText));
  expect(rules.ok && rules.fileFields).toEqual([]);
});
