import { describe, expect, it } from 'vitest';
import { applyDocumentLanguage } from '../../../src/i18n/document-language';

describe('applyDocumentLanguage', () => {
  it('sets the language and its direction on the root element', () => {
    const root = document.createElement('html');
    applyDocumentLanguage('ar-EG', root);
    expect(root.getAttribute('lang')).toBe('ar-EG');
    expect(root.getAttribute('dir')).toBe('rtl');
  });

  it('turns a right-to-left page back to left to right with its language', () => {
    const root = document.createElement('html');
    root.setAttribute('dir', 'rtl');
    applyDocumentLanguage('fr', root);
    expect(root.getAttribute('lang')).toBe('fr');
    expect(root.getAttribute('dir')).toBe('ltr');
  });
});
