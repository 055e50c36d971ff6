import { describe, expect, it } from 'vitest';
import { saveStatusText, type SaveStatusFacts } from '../../../src/app/save-status-text';

const facts = (overrides: Partial<SaveStatusFacts>): SaveStatusFacts => ({ saveState: 'idle', sending: false, storageHealth: 'persistent', accepted: false, ...overrides });

describe('the save status line', () => {
  it('says saving, then saved, when the device stores the draft', () => {
    expect(saveStatusText(facts({}))).toBeNull();
    expect(saveStatusText(facts({ saveState: 'saving' }))).toBe('saving');
    expect(saveStatusText(facts({ saveState: 'saved' }))).toBe('saved');
  });

  it('never says "saved on this device" while the device cannot store it', () => {
    expect(saveStatusText(facts({ saveState: 'saved', storageHealth: 'memory-only' }))).toBe('pageOnly');
    expect(saveStatusText(facts({ saveState: 'saving', storageHealth: 'memory-only' }))).toBe('pageOnly');
    expect(saveStatusText(facts({ storageHealth: 'memory-only' }))).toBeNull();
  });

  it('says sending while the application is on its way', () => {
    expect(saveStatusText(facts({ saveState: 'saved', sending: true }))).toBe('sending');
  });

  it('says nothing once the application is accepted and its personal data deleted', () => {
    expect(saveStatusText(facts({ saveState: 'saved', accepted: true }))).toBeNull();
    expect(saveStatusText(facts({ saveState: 'saved', storageHealth: 'memory-only', accepted: true }))).toBeNull();
  });
});
