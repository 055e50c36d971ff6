// @vitest-environment node
// docs/session-state.md tables what each event asks of the application session, situation by
// situation; the table is generated from the machine and the situations its tests check
// (tests/unit/session/session-cases.ts), so the page cannot drift from the code. After a change,
// `WRITE_DOCS=1 npx vitest run tests/unit/docs/session-state-table.node.test.ts` writes the new table.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SessionEffect } from '../../../src/session/session-state';
import { sessionTransition, type SessionEvent } from '../../../src/session/session-transitions';
import { EFFECTS } from '../session/session-cases';

const DOC = new URL('../../../docs/session-state.md', import.meta.url);
const START = '<!-- events: generated from src/session/session-transitions.ts -->';
const END = '<!-- end of events -->';

function eventText(event: SessionEvent): string {
  switch (event.type) {
    case 'role':
      return `role: ${event.role} (${event.reason})`;
    case 'tab-message':
      return `tab message: ${event.message.type}${event.message.type === 'device-handover' ? (event.message.handedOver ? ' (a link)' : ' (taken back)') : ''}`;
    case 'wake-answered':
      return event.storeHoldsApplication ? 'wake-answered (the store holds one)' : 'wake-answered';
    case 'accepted':
      return event.withdrawn ? 'accepted (withdrawn)' : event.elsewhere ? 'accepted (elsewhere)' : 'accepted';
    default:
      return event.type;
  }
}

function effectText(effect: SessionEffect): string {
  switch (effect.do) {
    case 'report-step':
      return `report step ${effect.step + 1}`;
    case 'tell-tabs':
      return `tell the tabs "${effect.message.type}"`;
    case 'reset-form':
      return `reset the form${effect.values === 'blank' ? ' to a blank application' : ''}, then ${effect.then.type}`;
    case 'redirect':
      return 'leave for the creator hub';
    default:
      return effect.do.replace(/-/g, ' ');
  }
}

function eventsTable(): string {
  const rows = EFFECTS.map(([situation, state, event]) => {
    const { effects } = sessionTransition(state, event);
    return `| ${situation} | ${eventText(event)} | ${effects.map(effectText).join(', ') || '—'} |`;
  });
  return ['| situation | event | then |', '| --- | --- | --- |', ...rows].join('\n');
}

describe('docs/session-state.md', () => {
  it('lists what each event asks for, as the machine does', () => {
    const text = readFileSync(DOC, 'utf8');
    const generated = `${START}\n${eventsTable()}\n${END}`;
    const written = text.slice(text.indexOf(START), text.indexOf(END) + END.length);
    if (process.env.WRITE_DOCS && written !== generated) writeFileSync(DOC, text.replace(written, generated));
    else expect(written).toBe(generated);
  });
});
