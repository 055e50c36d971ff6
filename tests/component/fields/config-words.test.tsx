import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigWords } from '../../../src/fields/config-words';
import { FieldHint } from '../../../src/fields/field-error';
import { ForeignTextsContext } from '../../../src/i18n/messages-context';

const FOREIGN = new Map([['Choose up to three.', 'en']]);

describe('a programme text in another language than the page', () => {
  it('is marked with its own lang and dir on an Arabic page, so its full stop stays at its end', () => {
    render(
      <div lang="ar" dir="rtl">
        <ForeignTextsContext.Provider value={FOREIGN}>
          <FieldHint id="rooms" text="Choose up to three." />
          <ConfigWords text="اختر ما يصل إلى ثلاثة" />
        </ForeignTextsContext.Provider>
      </div>,
    );
    const english = screen.getByText('Choose up to three.');
    expect(english.tagName).toBe('SPAN');
    expect(english).toHaveAttribute('lang', 'en');
    expect(english).toHaveAttribute('dir', 'ltr');
    // The hint's paragraph, which describes the control, holds the same words.
    expect(english.closest('p')).toHaveAttribute('id', 'rooms-hint');
    // A text in the page's language is left as it is.
    expect(screen.getByText('اختر ما يصل إلى ثلاثة').tagName).toBe('DIV');
  });

  it('is left as it is where every text is in the page language', () => {
    render(<FieldHint id="rooms" text="Choose up to three." />);
    expect(screen.getByText('Choose up to three.').tagName).toBe('P');
  });
});
