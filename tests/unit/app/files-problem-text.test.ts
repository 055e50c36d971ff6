import { describe, expect, it } from 'vitest';
import { filesProblemText } from '../../../src/app/files-problem-text';
import { refusedFileRows } from '../../../src/app/refused-file-rows';
import { programmeForm } from '../../../src/application/rules/programme-form';
import type { OutboxRecord, OutboxStatus } from '../../../src/outbox/outbox';
import { fileRefusalIn, refusedFilesIn, sendApplication } from '../../../src/outbox/send-application';

const record = {
  applicationId: 'a',
  key: 'k',
  revision: 1,
  url: '/api/applications',
  body: {},
  createdAt: 0,
  attempts: 0,
  lastAttemptAt: null,
  lastError: null,
  refused: false,
  held: false,
} satisfies OutboxRecord;
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

  it('names the field of a file the receiver refused at the send by its bytes, and nothing for another refusal', () => {
    const refused = (lastError: string): OutboxStatus => ({ state: 'refused', record: { ...record, refused: true, lastError } });
    expect(filesProblemText(refused('file-refused mediaKit file-type'), programme)).toEqual({ key: 'sendFileType', field: 'Your media kit' });
    expect(filesProblemText(refused('file-refused mediaKit file-too-large'), programme)?.key).toBe('sendFileTooLarge');
    // An image claiming more pixels than any image has: said as such, not as a refusal of unknown cause.
    expect(filesProblemText(refused('file-refused mediaKit file-dimensions'), programme)?.key).toBe('sendFileDimensions');
    expect(filesProblemText(refused('file-refused mediaKit file-not-own'), programme)?.key).toBe('sendFileRefused');
    expect(filesProblemText(refused('HTTP 422'), programme)).toBeNull();
  });
});

describe('the line and the rows when the receiver refused files at the send', () => {
  const FAKE = 'f'.repeat(64);
  const GOOD = '1'.repeat(64);
  const values = {
    fields: {
      single: {
        mediaKit: [
          { sha256: GOOD, name: 'kit.pdf', type: 'application/pdf', size: 9 },
          { sha256: FAKE, name: 'notes.jpg', type: 'image/jpeg', size: 9 },
        ],
      },
    },
  };
  const refused: OutboxStatus = {
    state: 'refused',
    record: { ...record, refused: true, lastError: 'file-refused mediaKit file-type', refusedFiles: [{ sha256: FAKE, key: 'mediaKit', rule: 'file-type' }] },
  };

  it('names the file refused, not only its field', () => {
    expect(filesProblemText(refused, programme, values)).toEqual({ key: 'sendNamedFileType', field: 'Your media kit', name: 'notes.jpg' });
  });

  it('names the file that cannot go from here while files upload', () => {
    const uploading: OutboxStatus = {
      state: 'uploading',
      record,
      files: { uploaded: 1, total: 2, failed: { key: 'mediaKit', reason: 'too-large', sha256: FAKE } },
    };
    expect(filesProblemText(uploading, programme, values)).toEqual({ key: 'sendNamedFileTooLarge', field: 'Your media kit', name: 'notes.jpg' });
  });

  it('names the field only when the answers no longer list the file', () => {
    expect(filesProblemText(refused, programme, { fields: { single: {} } })).toEqual({ key: 'sendFileType', field: 'Your media kit' });
  });

  it('marks the rows of the files refused, with the rule, only while the application stays refused', () => {
    expect([...refusedFileRows(refused)]).toEqual([[FAKE, 'file-type']]);
    expect(refusedFileRows({ state: 'sending', record: refused.record }).size).toBe(0);
    expect(refusedFileRows({ state: 'refused', record }).size).toBe(0);
  });
});

describe("a 422's file issues", () => {
  it('become the record error naming the key and rule of the first file issue, and only file rules do', () => {
    expect(
      fileRefusalIn([
        { path: 'personalInfo.zip', rule: 'zip' },
        { path: 'files.roomPhotos[1]', rule: 'file-type', message: '…' },
      ]),
    ).toBe('file-refused roomPhotos file-type');
    expect(fileRefusalIn([{ path: 'files.roomPhotos', rule: 'file-count' }])).toBeNull();
    expect(fileRefusalIn([{ path: 'files.roomPhotos[0]', rule: 'file-dimensions' }])).toBe('file-refused roomPhotos file-dimensions');
    expect(fileRefusalIn([{ path: 'files.a b[0]', rule: 'file-type' }])).toBeNull();
    expect(fileRefusalIn({ error: 'no' })).toBeNull();
    expect(fileRefusalIn(null)).toBeNull();
  });

  it("list every file refused, with its place among its key's files, for the page to upload again", () => {
    expect(
      refusedFilesIn([
        { path: 'files.roomPhotos[2]', rule: 'file-incomplete' },
        { path: 'personalInfo.zip', rule: 'zip' },
        { path: 'files.mediaKit[0]', rule: 'file-not-own' },
      ]),
    ).toEqual([
      { key: 'roomPhotos', index: 2, rule: 'file-incomplete' },
      { key: 'mediaKit', index: 0, rule: 'file-not-own' },
    ]);
    expect(refusedFilesIn({ error: 'no' })).toEqual([]);
  });

  it('a PUT answered 422 for a file by its content is final, with that error', async () => {
    const answer = new Response(JSON.stringify([{ path: 'files.roomPhotos[0]', rule: 'file-type', message: 'not an accepted type' }]), {
      status: 422,
      headers: { 'Content-Type': 'application/json' },
    });
    const result = await sendApplication('https://apply.example/api/applications', {}, { fetchImpl: () => Promise.resolve(answer) });
    expect(result).toEqual({
      ok: false,
      retryable: false,
      status: 422,
      error: 'file-refused roomPhotos file-type',
      files: [{ key: 'roomPhotos', index: 0, rule: 'file-type' }],
    });
  });
});
