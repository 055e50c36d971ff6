import { expect, test } from './fixtures';

// A configuration mistake is named for what it is, where it is.

test('a field with an unknown kind is reported by its path as an unknown field kind, with the kinds that exist', async ({ page, app }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a message, not a layout: once is enough');
  let where = '';
  let fieldPath = '';
  await app.editConfig((config) => {
    const steps = config.steps as Array<{ blocks: Array<{ component: string; data: { fields?: Array<Record<string, unknown>> } }> }>;
    const blockIndex = steps[1]!.blocks.findIndex((block) => block.data.fields?.some((field) => typeof field.path === 'string'));
    const fields = steps[1]!.blocks[blockIndex]!.data.fields!;
    const fieldIndex = fields.findIndex((field) => typeof field.path === 'string');
    fieldPath = String(fields[fieldIndex]!.path);
    where = `steps.1.blocks.${String(blockIndex)}.data.fields.${String(fieldIndex)}.kind`;
    fields[fieldIndex] = { ...fields[fieldIndex], kind: 'textarea' };
  });
  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: 'This application cannot open yet' })).toBeVisible();
  const problem = page.getByRole('listitem');
  await expect(problem).toHaveCount(1);
  await expect(problem).toHaveText(
    `${where}: the field kind "textarea" of field "${fieldPath}" is unknown; the field kinds are text, select, checkbox, yesNo, phone, platforms, file`,
  );
  await expect(problem).not.toContainText('block component');
});
