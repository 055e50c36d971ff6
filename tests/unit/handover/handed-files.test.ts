// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../../src/application/rules/form-config-schema';
import { programmeForm } from '../../../src/application/rules/programme-form';
import type { ApplicationValues, FileAnswerItem } from '../../../src/application/values/application-values';
import { clearDeviceFiles, getDeviceFile, listDeviceFiles, type DeviceFile } from '../../../src/storage/device-files';
import { openResumeLink } from '../../../src/handover/open-handover';
import { encryptDraft } from '../../../src/handover/draft-envelope';
import { filesToAdopt, filesToHandOver } from '../../../src/handover/handed-files';
import type { HandoverPayload } from '../../../src/handover/handover-payload';
import { DRAFT_KEY } from '../../../src/storage/stored-keys';
import { memoryStore } from '../../component/support/memory-store';
import { memorySyncStorage } from '../../support/fake-page';

const fields = [
  { kind: 'file', path: 'fields.single.photos', label: 'Photos', accept: ['image/*'], maxFiles: 6, maxBytes: 15_000_000 },
  { kind: 'file', path: 'fields.single.mediaKit', label: 'Media kit', accept: ['application/pdf'], maxFiles: 1, maxBytes: 25_000_000, required: false },
  { kind: 'select', path: 'fields.single.rooms', label: 'Rooms', multiple: true, options: [{ name: 'Kitchen', value: 'kitchen' }] },
] satisfies FieldConfig[];
const form = programmeForm({ fieldsByStep: [[], fields] });

const file = (digit: string, name: string, type = 'image/jpeg'): FileAnswerItem => ({ sha256: digit.repeat(64), name, type, size: 2048 });
const uploadUrl = (digit: string) => `https://apply.example/api/uploads/${digit.repeat(32)}`;
const kitchen = file('a', 'kitchen.jpg');
const hall = file('b', 'hall.jpg');
const kit = file('c', 'media-kit.pdf', 'application/pdf');

function answered(): ApplicationValues {
  const values = structuredClone(form.emptyValues);
  values.fields.single.photos = [kitchen, hall];
  values.fields.single.mediaKit = [kit];
  values.fields.single.rooms = ['kitchen'];
  return values;
}

const onDevice: DeviceFile[] = [
  { ...kitchen, blob: new Blob(['k']), uploadUrl: uploadUrl('1'), uploaded: true },
  // Created on the receiver, not all of it there yet: not something another device can send.
  { ...hall, blob: new Blob(['h']), uploadUrl: uploadUrl('2') },
  { ...kit, blob: new Blob(['m']) },
];

describe('files on a resume link', () => {
  it('carries the uploaded files as references and leaves the others on this device, named', () => {
    const { values, handed, staying } = filesToHandOver(answered(), onDevice);
    expect(values.fields.single.photos).toEqual([kitchen]);
    expect(values.fields.single.mediaKit).toEqual([]);
    // Other answers travel untouched; a multi-select's list is not a file list.
    expect(values.fields.single.rooms).toEqual(['kitchen']);
    expect(handed).toEqual([{ ...kitchen, uploadUrl: uploadUrl('1') }]);
    expect(staying.map((item) => item.name)).toEqual(['hall.jpg', 'media-kit.pdf']);
  });

  it('with no record of a file on this device (storage unreadable), keeps it here rather than sending a reference it cannot give', () => {
    const { handed, staying } = filesToHandOver(answered(), []);
    expect(handed).toEqual([]);
    expect(staying).toHaveLength(3);
  });

  it('adopts only well-formed references that the restored answers still name, without bytes and uploaded', () => {
    const values = structuredClone(form.emptyValues);
    values.fields.single.photos = [kitchen];
    const adopted = filesToAdopt(
      [
        { ...kitchen, uploadUrl: uploadUrl('1') },
        { ...hall, uploadUrl: uploadUrl('2') },
        { ...kitchen, uploadUrl: 'javascript:alert(1)' },
        'kitchen.jpg',
        null,
      ],
      values,
    );
    expect(adopted).toEqual([{ ...kitchen, uploadUrl: uploadUrl('1'), uploaded: true }]);
    expect(filesToAdopt(undefined, values)).toEqual([]);
  });

  it('a device opening the link keeps the references before the draft that names them, so its send finds their upload ids', async () => {
    await clearDeviceFiles();
    const { values, handed } = filesToHandOver(answered(), onDevice);
    const payload: HandoverPayload = {
      format: 1,
      applicationId: 'app-1',
      revision: 2,
      savedAt: 1_000,
      programme: 'files',
      wizard: { current: 1, reached: [0, 1] },
      values,
      files: handed,
    };
    const sealed = await encryptDraft(payload);
    const store = memoryStore();
    const opened = await openResumeLink({
      store,
      programme: form,
      stepCount: 2,
      requestUrl: '/api/applications',
      pageUrl: 'https://apply.example/',
      link: { id: sealed.id, key: sealed.key },
      synchronous: memorySyncStorage(),
      now: () => 2_000,
      fetchImpl: () => Promise.resolve(new Response(sealed.ciphertext as Uint8Array<ArrayBuffer>, { status: 200 })),
    });
    if (opened.kind === 'failed') throw new Error(`opened failed: ${opened.reason}`);
    expect(await listDeviceFiles()).toEqual([]);
    await opened.adopt();
    expect(await getDeviceFile(kitchen.sha256)).toEqual({ ...kitchen, uploadUrl: uploadUrl('1'), uploaded: true });
    expect(await listDeviceFiles()).toHaveLength(1);
    const draft = store.entries.get(DRAFT_KEY) as { values: ApplicationValues };
    expect(draft.values.fields.single.photos).toEqual([kitchen]);
  });
});
