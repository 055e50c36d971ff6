import { describe, expect, it } from 'vitest';
import { filesProblemText } from '../../../src/app/files-problem-text';
import { programmeForm } from '../../../src/application/rules/programme-form';
import type { OutboxRecord, OutboxStatus } from '../../../src/outbox/outbox';

const record = { applicationId: 'a', key: 'k', revision: 1, url: '/api/applications', body: {}, createdAt: 0, attempts: 0, lastAttemptAt: null, lastError: null, refused: false, held: false } satisfies OutboxRecord;
const programme = programmeForm({ fieldsByStep: [[{ kind: 'text', path: 'fields.single.mediaKit', label: 'Your media kit' }]] });

describe('the line that says a file keeps the application from going', () => {
  it('names the field by its label and says what to do, for each reason', () => {
    const status = (reason: string): OutboxStatus => ({ state: 'uploading', record, files: { uploaded: 0, total: 1, failed: { key: 'mediaKit', reason } } });
    expect(filesProblemText(status('too-large'), programme)).toEqual({ key: 'sendFileTooLarge', field: 'Your media kit' });
    expect(filesProblemText(status('type'), programme)?.key).toBe('sendFileType');
    expect(filesProblemText(status('elsewhere'), programme)?.key).toBe('sendFileElsewhere');
    expect(filesProblemText(status('refused'), programme)?.key).toBe('sendFileRefused');
  });

  it('says nothing while files only upload, or for any other state', () => {
    expect(filesProblemText({ state: 'uploading', record, files: { uploaded: 1, total: 2 } }, programme)).toBeNull();
    expect(filesProblemText({ state: 'refused', record }, programme)).toBeNull();
  });
});
