// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answerGroups, isPhoto, newestFirst, photoAlt } from '../../../src/team/application-view';
import type { TeamFile } from '../../../src/team/team-answers';

const FILE: TeamFile = {
  uploadId: 'u1',
  field: 'roomPhoto',
  label: 'A photo of your room',
  name: 'room.jpg',
  type: 'image/jpeg',
  size: 120_000,
  width: 800,
  height: 600,
  url: '/team/api/applications/a1/files/u1',
};

describe('an application as its page arranges it', () => {
  it('groups answers by section, in the order asked', () => {
    const groups = answerGroups([
      { section: 'About you', label: 'Name', value: 'Ana' },
      { section: 'Channels', label: 'Handle', value: '@ana' },
      { section: 'About you', label: 'Country', value: 'Portugal' },
      { section: null, label: 'Consent', value: 'Yes' },
      { section: '  ', label: 'Newsletter', value: 'No' },
    ]);
    expect(groups.map((group) => [group.section, group.answers.map((answer) => answer.label)])).toEqual([
      ['About you', ['Name', 'Country']],
      ['Channels', ['Handle']],
      [null, ['Consent', 'Newsletter']],
    ]);
  });

  it('puts the newest revision first', () => {
    const revision = (seq: number | string) => ({ seq, receivedAt: '2026-03-01T10:00:00Z', clientRevision: null, answers: [] });
    expect(newestFirst([revision(1), revision('10'), revision(3)]).map((one) => one.seq)).toEqual(['10', 3, 1]);
  });

  it('shows photos inline only from the team API, and names each by file and field', () => {
    expect(isPhoto(FILE)).toBe(true);
    expect(isPhoto({ ...FILE, type: 'application/pdf' })).toBe(false);
    expect(isPhoto({ ...FILE, type: 'image/svg+xml' })).toBe(false);
    expect(isPhoto({ ...FILE, url: 'https://elsewhere.example/x.jpg' })).toBe(false);
    expect(photoAlt(FILE)).toBe('room.jpg, A photo of your room');
    expect(photoAlt({ ...FILE, label: null })).toBe('room.jpg, roomPhoto');
  });
});
