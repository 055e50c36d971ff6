import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeadingBlock } from '../../../src/blocks/heading-block';
import { InfoBoxBlock } from '../../../src/blocks/info-box-block';
import { LazyFormSectionBlock } from '../../../src/blocks/lazy-form-section-block';
import { NoticeBlock } from '../../../src/blocks/notice-block';
import { RichTextBlock } from '../../../src/blocks/rich-text-block';
import { ForeignTextsContext } from '../../../src/i18n/messages-context';

// An Arabic page of a programme whose Arabic lacks these texts: its English words show instead.
const FOREIGN = new Map([
  ['Tell us about you?', 'en'],
  ['Your channels', 'en'],
  ['How we use it.', 'en'],
  ['<p>We reply within a week.</p>', 'en'],
  ['<p>Closed on Sundays.</p>', 'en'],
  ['Good to know', 'en'],
  ['<p>Bring photos.</p>', 'en'],
]);

function onArabicPage(children: React.ReactNode) {
  return render(
    <div lang="ar" dir="rtl">
      <ForeignTextsContext.Provider value={FOREIGN}>{children}</ForeignTextsContext.Provider>
    </div>,
  );
}

describe('headings and HTML of the programme in another language than the page', () => {
  it('carry their own lang and dir, so a screen reader reads them as English and the question mark stays at the end', () => {
    onArabicPage(
      <>
        <HeadingBlock data={{ text: 'Tell us about you?', level: 2 }} />
        <LazyFormSectionBlock data={{ title: 'Your channels', description: 'How we use it.', fields: [] }} />
        <RichTextBlock data={{ html: '<p>We reply within a week.</p>' }} />
        <NoticeBlock data={{ tone: 'info', html: '<p>Closed on Sundays.</p>' }} />
        <InfoBoxBlock data={{ title: 'Good to know', html: '<p>Bring photos.</p>' }} />
      </>,
    );
    for (const name of ['Tell us about you?', 'Your channels', 'Good to know']) {
      const words = screen.getByRole('heading', { name }).querySelector('span');
      expect(words).toHaveAttribute('lang', 'en');
      expect(words).toHaveAttribute('dir', 'ltr');
    }
    expect(screen.getByText('How we use it.')).toHaveAttribute('lang', 'en');
    for (const text of ['We reply within a week.', 'Closed on Sundays.', 'Bring photos.']) {
      const html = screen.getByText(text).parentElement;
      expect(html).toHaveAttribute('lang', 'en');
      expect(html).toHaveAttribute('dir', 'ltr');
    }
  });

  it('are left as they are where the text is in the page language', () => {
    render(<HeadingBlock data={{ text: 'Tell us about you?', level: 2 }} />);
    expect(screen.getByRole('heading', { name: 'Tell us about you?' }).querySelector('span')).toBeNull();
    render(<RichTextBlock data={{ html: '<p>We reply within a week.</p>' }} />);
    expect(screen.getByText('We reply within a week.').parentElement).not.toHaveAttribute('lang');
  });
});
