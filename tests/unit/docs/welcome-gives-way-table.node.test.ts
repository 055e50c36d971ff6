// @vitest-environment node
// docs/welcome-gives-way.md tables the stages of Welcome giving way for a reader; its transitions table is
// generated from the machine itself, so the page cannot drift from the code. After a change to
// the machine, `WRITE_DOCS=1 npx vitest run tests/unit/docs/welcome-gives-way-table.node.test.ts`
// writes the new table.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GIVE_WAY_STAGES, giveWay, type GiveWayEffect, type GiveWayEvent, type GiveWayState } from '../../../src/boot/welcome-gives-way';

const DOC = new URL('../../../docs/welcome-gives-way.md', import.meta.url);
const START = '<!-- transitions: generated from src/boot/welcome-gives-way.ts -->';
const END = '<!-- end of transitions -->';

/** The wizard on screen or behind Welcome, and another one coming in. */
const SHOWN = 'the wizard';
const OTHER = 'another wizard';

/** One state of each stage (two of `loading`, whose build may be under way or not). */
const STATES: { name: string; state: GiveWayState<string> }[] = [
  { name: 'welcome', state: { stage: 'welcome', failed: false } },
  { name: 'building', state: { stage: 'building' } },
  { name: 'built', state: { stage: 'built', drawn: { wizard: SHOWN, key: 1 } } },
  { name: 'loading (the build under way)', state: { stage: 'loading', buildUnderWay: true } },
  { name: 'loading (from the store)', state: { stage: 'loading', buildUnderWay: false } },
  { name: 'waking', state: { stage: 'waking', drawn: { wizard: SHOWN, key: 1 } } },
  { name: 'replacing', state: { stage: 'replacing', stale: { wizard: SHOWN, key: 1 } } },
  { name: 'shown', state: { stage: 'shown', drawn: { wizard: SHOWN, key: 1 } } },
];

const EVENTS: GiveWayEvent<string>[] = [
  { type: 'idle' },
  { type: 'continue' },
  { type: 'built', wizard: OTHER },
  { type: 'build-refused' },
  { type: 'loaded', wizard: OTHER },
  { type: 'load-failed' },
  { type: 'woke', wizard: SHOWN },
  { type: 'stale', wizard: SHOWN },
];

function nameOf(state: GiveWayState<string>): string {
  if (state.stage === 'welcome') return state.failed ? 'welcome, saying the load failed' : 'welcome';
  if (state.stage === 'loading') return state.buildUnderWay ? 'loading (the build under way)' : 'loading (from the store)';
  return state.stage;
}

function effectText(effect: GiveWayEffect<string>): string {
  switch (effect.do) {
    case 'build-ahead':
      return 'build ahead, blank and asleep';
    case 'load':
      return 'load from the store';
    case 'wake':
      return 'wake its session';
    case 'dispose':
      return 'dispose of the stale one';
  }
}

function transitionsTable(): string {
  const rows = STATES.flatMap(({ name, state }) =>
    EVENTS.map((event) => ({ event, step: giveWay(state, event) }))
      .filter(({ step }) => step.state !== state || step.effects.length > 0)
      .map(({ event, step }) => `| ${name} | ${event.type} | ${nameOf(step.state)} | ${step.effects.map(effectText).join(', then ') || '—'} |`),
  );
  return ['| from | event | to | then |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

describe('docs/welcome-gives-way.md', () => {
  const text = readFileSync(DOC, 'utf8');

  it('tables every stage of the machine, and only those', () => {
    const stagesTable = text.slice(text.indexOf('| stage |'), text.indexOf(START));
    const named = [...stagesTable.matchAll(/^\| `?([a-z]+)`? \|/gm)].map((match) => match[1]).filter((name) => name !== 'stage');
    expect(named).toEqual([...GIVE_WAY_STAGES]);
  });

  it('lists the transitions the machine makes', () => {
    const generated = `${START}\n${transitionsTable()}\n${END}`;
    const written = text.slice(text.indexOf(START), text.indexOf(END) + END.length);
    if (process.env.WRITE_DOCS && written !== generated) writeFileSync(DOC, text.replace(written, generated));
    else expect(written).toBe(generated);
  });
});
