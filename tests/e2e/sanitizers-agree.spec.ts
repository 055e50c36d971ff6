import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The two sanitizers of configured HTML (the browser's HTML Sanitizer, and DOMPurify where a
 * browser has none) apply one policy (src/html/html-policy.ts): the same corpus, rendered by
 * the app through each, must come out the same, and as the policy says.
 */

const CORPUS = [
  '<p>Plain <strong>bold</strong> <em>em</em> <b>b</b> <i>i</i> <u>u</u> <s>s</s> <small>small</small> <code>code</code> H<sub>2</sub>O x<sup>2</sup></p>',
  '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote>quote</blockquote><pre>pre</pre><hr><br>',
  '<h2>Two</h2><h3>Three</h3><h4>Four</h4><h1>One is the page heading</h1>',
  '<p id="welcome" class="fancy" style="color:red" data-x="1" aria-label="label" title="kept" lang="en" dir="ltr">attributes</p>',
  '<details open><summary>More</summary>hidden text</details>',
  '<div popover id="pop">popover</div><span>after</span>',
  '<img src="/logo.svg" alt="logo" width="40" height="20" srcset="https://evil.example/a.png 2x" onerror="alert(1)">',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="data image">',
  '<a href="data:text/html,<script>alert(1)</script>">data link</a>',
  '<a href="javascript:alert(1)">js</a> <a href=" JaVaScRiPt:alert(1)">js2</a> <a href="java&#x09;script:alert(1)">js3</a>',
  '<a href="https://partner.example/">external</a> <a href="/terms">internal</a> <a href="#top">fragment</a>',
  '<a href="mailto:team@example.org">mail</a> <a href="tel:+15035550142">phone</a> <a href="ftp://files.example/">ftp</a>',
  '<a href="/x" target="_blank">new tab</a> <a href="//evil.example/">protocol-relative</a>',
  '<script>alert(1)</script><style>p{color:red}</style><p>after script and style</p>',
  '<form action="/x"><input name="q"><button>Send</button><textarea>t</textarea><select><option>o</option></select></form><p>after form</p>',
  '<iframe src="https://evil.example/"></iframe><object data="x"></object><embed src="x"><p>after frames</p>',
  '<svg><circle r="4"></circle></svg><math><mi>x</mi></math><p>after svg</p>',
  '<section><p>inside section</p></section><custom-element>custom</custom-element><template><p>t</p></template>',
  '<!-- a comment --><p>after comment</p>',
  '<table><tr><td>cell</td></tr></table><p>after table</p>',
  '<p onclick="alert(1)" onmouseover="alert(2)">handlers</p><a href="/ok" onclick="alert(3)">link with handler</a>',
  '<span>unclosed <b>bold <i>italic</span> text',
];

async function renderCorpus(page: Page, url: string, useDomPurify: boolean): Promise<string[]> {
  if (useDomPurify) {
    await page.addInitScript(() => {
      Reflect.deleteProperty(Element.prototype, 'setHTML');
    });
  }
  await page.goto(url);
  const blocks = page.locator('.block-rich-text');
  await expect(blocks).toHaveCount(CORPUS.length);
  expect(await page.evaluate(() => typeof (Element.prototype as { setHTML?: unknown }).setHTML === 'function')).toBe(!useDomPurify);
  return blocks.evaluateAll((elements) => elements.map((element) => element.innerHTML));
}

test('the HTML Sanitizer and DOMPurify keep the same elements and attributes of one corpus', async ({ page, context, app }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'compares sanitizers, not layouts: once is enough');
  await app.editConfig((config) => {
    const [welcome] = config.steps as Array<{ blocks: unknown[] }>;
    welcome!.blocks = CORPUS.map((html) => ({ component: 'RichText', data: { html } }));
  });
  const native = await renderCorpus(page, app.url, false);
  const purified = await renderCorpus(await context.newPage(), app.url, true);
  for (const [index, html] of CORPUS.entries()) {
    expect.soft(purified[index], `DOMPurify and the HTML Sanitizer differ on ${html}`).toBe(native[index]);
  }
  const all = native.join('\n');
  // The policy, not just agreement.
  expect(all).not.toMatch(
    /\s(id|class|style|data-x|aria-label|popover|srcset|onerror|onclick|onmouseover)[\s=>]|<details|<summary|<script|<style|<form|<input|<button|<iframe|<svg|<section|<h1/,
  );
  expect(all).not.toMatch(/href="(data|javascript|ftp):|src="data:|JaVaScRiPt|java\s*script/i);
  expect(all).toContain('<a href="https://partner.example/" target="_blank" rel="noopener noreferrer">external</a>');
  expect(all).toContain('<a href="/terms">internal</a>');
  expect(all).toContain('<a href="mailto:team@example.org">mail</a>');
  expect(all).toContain('<img src="/logo.svg" alt="logo" width="40" height="20">');
  expect(all).toContain('title="kept"');
  expect(all).toContain('<p>after form</p>');
});
