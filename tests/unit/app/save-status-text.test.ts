import { describe, expect, it } from 'vitest';
import { saveStatusText, uploadingValues, type SaveStatusFacts } from '../../../src/app/save-status-text';
import { formatMessage } from '../../../src/i18n/format-message';
import { EN } from '../../../src/i18n/messages-en';
import { ES } from '../../../src/i18n/messages-es';
import { FR } from '../../../src/i18n/messages-fr';

const facts = (overrides: Partial<SaveStatusFacts>): SaveStatusFacts => ({
  saveState: 'idle',
  sending: false,
  storageHealth: 'persistent',
  accepted: false,
  ...overrides,
});

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

  it('says which file is uploading, of how many, while the application waits for its files', () => {
    expect(saveStatusText(facts({ saveState: 'saved', uploading: { uploaded: 1, total: 3 } }))).toBe('uploadingFiles');
    expect(formatMessage(EN.uploadingFiles, uploadingValues({ uploaded: 1, total: 3 }), 'en')).toBe('Uploading 2 of 3 files…');
    expect(formatMessage(EN.uploadingFiles, uploadingValues({ uploaded: 0, total: 1 }), 'en')).toBe('Uploading 1 of 1 file…');
    // The request itself on its way says sending.
    expect(saveStatusText(facts({ sending: true, uploading: { uploaded: 3, total: 3 } }))).toBe('sending');
  });

  it('offline, says the files and the application will go by themselves once back online, not that a file is uploading', () => {
    expect(saveStatusText(facts({ saveState: 'saved', uploading: { uploaded: 0, total: 3 }, online: false }))).toBe('uploadingOffline');
    expect(saveStatusText(facts({ saveState: 'saved', uploading: { uploaded: 0, total: 3 }, online: true }))).toBe('uploadingFiles');
    expect(EN.uploadingOffline).toBe('You are offline: your files will upload, and your application will be sent, once you are back online.');
    expect(FR.uploadingOffline).toContain('hors ligne');
    expect(ES.uploadingOffline).toContain('conexión');
    // Offline without files to upload, the line says what it said before (the draft is kept).
    expect(saveStatusText(facts({ saveState: 'saved', online: false }))).toBe('saved');
  });
});
