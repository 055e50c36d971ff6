// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { characterCount, decisionBody, decisionProblem, latestSeq, MESSAGE_LIMIT, takesMessage } from '../../../src/team/decision-rules';

describe('the decision form rules', () => {
  it('asks for a decision, and one that changes the status', () => {
    expect(decisionProblem({ status: null, message: '' }, 'received')).toBe('Choose a decision.');
    expect(decisionProblem({ status: 'accepted', message: '' }, 'accepted')).toMatch(/already/);
    expect(decisionProblem({ status: 'in-review', message: '' }, 'received')).toBeNull();
  });

  it('takes a message only with accepted or declined', () => {
    expect(takesMessage('accepted')).toBe(true);
    expect(takesMessage('declined')).toBe(true);
    expect(takesMessage('in-review')).toBe(false);
    expect(decisionBody({ status: 'in-review', message: 'left from before' }, 4)).toEqual({ status: 'in-review', after: 4 });
    expect(decisionBody({ status: 'accepted', message: '  Welcome!  ' }, '4')).toEqual({ status: 'accepted', message: 'Welcome!', after: '4' });
    expect(decisionBody({ status: 'declined', message: '   ' }, 4)).toEqual({ status: 'declined', after: 4 });
  });

  it('counts characters as a person does, and holds the message to 2000', () => {
    expect(characterCount('👍🏽é')).toBe(3);
    expect(decisionProblem({ status: 'accepted', message: '😀'.repeat(MESSAGE_LIMIT) }, 'received')).toBeNull();
    expect(decisionProblem({ status: 'accepted', message: 'x'.repeat(MESSAGE_LIMIT + 1) }, 'received')).toBe(
      'The message is 2001 characters long: at most 2000.',
    );
    // A long message typed for a decision that takes none is not in the way.
    expect(decisionProblem({ status: 'in-review', message: 'x'.repeat(MESSAGE_LIMIT + 1) }, 'received')).toBeNull();
  });

  it('refuses the characters nothing can store', () => {
    expect(decisionProblem({ status: 'declined', message: 'a\u0000b' }, 'received')).toMatch(/cannot be stored/);
    expect(decisionProblem({ status: 'declined', message: 'a\uFFFEb' }, 'received')).toMatch(/cannot be stored/);
  });

  it('follows the newest history entry seen, whatever the order or type of its seq', () => {
    expect(latestSeq([{ seq: 3 }, { seq: 9 }, { seq: 5 }], 1)).toBe(9);
    expect(latestSeq([{ seq: '12' }, { seq: '7' }], '1')).toBe('12');
    expect(latestSeq([], 4)).toBe(4);
  });
});
