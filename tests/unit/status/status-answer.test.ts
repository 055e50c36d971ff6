// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseStatusAnswer, secretInFragment } from '../../../src/status/status-answer';

const ANSWER = {
  reference: 'K7QM-4XTR',
  receivedAt: '2026-12-02T17:40:00.000Z',
  status: 'accepted',
  changedAt: '2026-12-04T09:00:00.000Z',
  message: 'Welcome aboard!',
  language: 'fr',
  history: [
    { status: 'received', changedAt: '2026-12-02T17:40:00.000Z' },
    { status: 'in-review', changedAt: '2026-12-03T10:00:00.000Z' },
    { status: 'accepted', changedAt: '2026-12-04T09:00:00.000Z' },
  ],
};

describe('parseStatusAnswer: the lookup’s 200 read strictly', () => {
  it('reads every field the page shows, moments as milliseconds', () => {
    expect(parseStatusAnswer(ANSWER)).toEqual({
      reference: 'K7QM-4XTR',
      receivedAt: Date.parse('2026-12-02T17:40:00.000Z'),
      status: 'accepted',
      changedAt: Date.parse('2026-12-04T09:00:00.000Z'),
      message: 'Welcome aboard!',
      language: 'fr',
      history: [
        { status: 'received', changedAt: Date.parse('2026-12-02T17:40:00.000Z') },
        { status: 'in-review', changedAt: Date.parse('2026-12-03T10:00:00.000Z') },
        { status: 'accepted', changedAt: Date.parse('2026-12-04T09:00:00.000Z') },
      ],
    });
  });

  it('drops anything else the answer carries, a name or an e-mail included', () => {
    const read = parseStatusAnswer({ ...ANSWER, name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(JSON.stringify(read)).not.toMatch(/Ada|example\.com/);
  });

  it('keeps a message only for an accepted or declined application', () => {
    expect(parseStatusAnswer({ ...ANSWER, status: 'in-review' })?.message).toBeNull();
    expect(parseStatusAnswer({ ...ANSWER, status: 'declined', message: 'Not this time.' })?.message).toBe('Not this time.');
    expect(parseStatusAnswer({ ...ANSWER, message: '   ' })?.message).toBeNull();
    expect(parseStatusAnswer({ ...ANSWER, message: 'x'.repeat(5000) })?.message).toHaveLength(2000);
  });

  it('takes no language that is not a tag, and skips history entries it cannot read', () => {
    expect(parseStatusAnswer({ ...ANSWER, language: '<script>' })?.language).toBeNull();
    expect(parseStatusAnswer({ ...ANSWER, language: null })?.language).toBeNull();
    const history = parseStatusAnswer({
      ...ANSWER,
      history: [
        { status: 'erased', changedAt: ANSWER.changedAt },
        { status: 'received', changedAt: 'yesterday' },
        'x',
        { status: 'received', changedAt: ANSWER.receivedAt },
      ],
    })?.history;
    expect(history).toEqual([{ status: 'received', changedAt: Date.parse(ANSWER.receivedAt) }]);
  });

  it.each([
    ['no object', 'received'],
    ['a reference out of the alphabet', { ...ANSWER, reference: 'K7QO-4XTR' }],
    ['a status it does not know', { ...ANSWER, status: 'withdrawn' }],
    ['a moment it cannot read', { ...ANSWER, receivedAt: 'soon' }],
    ['no changedAt', { ...ANSWER, changedAt: undefined }],
  ])('is null for %s', (_why, body) => {
    expect(parseStatusAnswer(body)).toBeNull();
  });
});

describe('secretInFragment', () => {
  it('takes 43 base64url characters after the #, and nothing else', () => {
    const secret = 'A1b2C3d4E5f6G7h8I9j0K_L-M1n2O3p4Q5r6S7t8U9v';
    expect(secretInFragment(`#${secret}`)).toBe(secret);
    expect(secretInFragment(secret)).toBe(secret);
    expect(secretInFragment(`#${secret}x`)).toBeNull();
    expect(secretInFragment('#resume=abc')).toBeNull();
    expect(secretInFragment('')).toBeNull();
  });
});
