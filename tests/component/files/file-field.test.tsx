import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileFieldConfig } from '../../../src/application/rules/form-config-schema';
import type { ApplicationValues, FileAnswerItem } from '../../../src/application/values/application-values';
import { clearDeviceFiles, DeviceStorageFullError, getDeviceFile, listDeviceFiles, putDeviceFile } from '../../../src/storage/device-files';
import type * as DeviceFiles from '../../../src/storage/device-files';
import { FileField } from '../../../src/files/file-field';
import { sha256Of } from '../../../src/files/sha256-of';
import { RefusedFilesContext } from '../../../src/form/refused-files-context';
import { RequestUrlContext } from '../../../src/form/request-url-context';
import { SessionUploadsContext } from '../../../src/uploads/session-uploads-context';
import { completeValues } from '../../fixtures/default-programme';
import { recordingUploads } from '../../support/recording-uploads';
import { configuredField, programmeWith, renderWithForm, stepOf } from '../support/render-with-form';

// The upload queue is the uploads' own (tested there): here, what the field asks of it and what it shows of it.
const uploads = recordingUploads();
// The real device files (fake-indexeddb), with a disk that can be made full.
vi.mock('../../../src/storage/device-files', async (importOriginal) => {
  const real = await importOriginal<typeof DeviceFiles>();
  return { ...real, putDeviceFile: vi.fn(real.putDeviceFile), getDeviceFile: vi.fn(real.getDeviceFile) };
});

const LABEL = 'Add photos of the rooms';
const PATH = 'fields.single.homePhotos';
const programme = programmeWith((config) => {
  config.steps[2]!.blocks.push({
    component: 'FormSection',
    data: {
      fields: [
        {
          kind: 'file',
          path: PATH,
          label: LABEL,
          hint: 'Daylight is best',
          accept: ['image/*', 'application/pdf'],
          maxFiles: 3,
          maxBytes: 2_000,
          required: true,
        },
      ],
    },
  });
});
const FIELD: FileFieldConfig = configuredField('file', PATH, programme);
const STEP = stepOf(PATH, programme);

function valuesWith(files: readonly FileAnswerItem[]): ApplicationValues {
  const values = completeValues();
  return { ...values, fields: { ...values.fields, single: { ...values.fields.single, homePhotos: files } } };
}

function renderField(files: readonly FileAnswerItem[] = []) {
  return renderWithForm(
    <SessionUploadsContext.Provider value={uploads.owner}>
      <RequestUrlContext.Provider value="/api/applications">
        <FileField field={FIELD} />
      </RequestUrlContext.Provider>
    </SessionUploadsContext.Provider>,
    { programme, initialValues: valuesWith(files) },
  );
}

const pdf = (name: string, text: string) => new File([text], name, { type: 'application/pdf' });
const answerOf = (form: ReturnType<typeof renderField>['form']) => form.getValues(PATH as 'fields.single.x') as unknown as FileAnswerItem[];

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  uploads.soon.mockReset();
  uploads.forget.mockReset();
  uploads.progress.clear();
  // Back to the real read (vi.fn's own implementation), for a test that gave its own.
  vi.mocked(getDeviceFile).mockReset();
  await clearDeviceFiles();
});

describe('FileField', () => {
  it('is an input of several files named by its visible label, taking the accepted types, without capture (the gallery stays)', () => {
    renderField();
    const input = screen.getByLabelText(LABEL);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleName(LABEL);
    expect(screen.getByText(LABEL, { selector: 'label' })).toBeVisible();
    expect(input).toHaveAttribute('accept', 'image/*,application/pdf');
    expect(input).toHaveAttribute('multiple');
    expect(input).not.toHaveAttribute('capture');
    expect(input).toHaveAccessibleDescription('Daylight is best Up to 3 files, 2 kB each');
  });

  it('keeps chosen files on the device, lists them with their size, puts them in the answer and starts their upload', async () => {
    const user = userEvent.setup();
    const { form } = renderField();
    await user.upload(screen.getByLabelText(LABEL), [pdf('media-kit.pdf', '%PDF-1.7 kit'), pdf('floor-plan.pdf', '%PDF-1.7 plan')]);

    const list = await screen.findByRole('list', { name: '' });
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    });
    expect(within(list).getByText('media-kit.pdf')).toBeVisible();
    expect(within(list).getByText('12 bytes')).toBeVisible();
    const kitSha = await sha256Of(new Blob(['%PDF-1.7 kit']));
    expect(answerOf(form)).toEqual([
      { sha256: kitSha, name: 'media-kit.pdf', type: 'application/pdf', size: 12 },
      { sha256: await sha256Of(new Blob(['%PDF-1.7 plan'])), name: 'floor-plan.pdf', type: 'application/pdf', size: 13 },
    ]);
    expect((await getDeviceFile(kitSha))?.name).toBe('media-kit.pdf');
    // Each upload names its field, whose rules the receiver checks it against.
    expect(uploads.soon).toHaveBeenLastCalledWith('http://localhost:3000/api/uploads', { [kitSha]: 'homePhotos', [answerOf(form)[1]!.sha256]: 'homePhotos' });
    expect(screen.getByText('2 files kept on this device')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove media-kit.pdf' })).toBeVisible();
  });

  it('names each refused file and why, and keeps the others', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { form } = renderField();
    const input = screen.getByLabelText(LABEL);
    await user.upload(input, [
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
      pdf('empty.pdf', ''),
      pdf('huge.pdf', 'x'.repeat(2_001)),
      pdf('kit.pdf', '%PDF kit'),
      pdf('kit-copy.pdf', '%PDF kit'),
    ]);

    const alert = await screen.findByRole('alert');
    await waitFor(() => {
      expect(within(alert).getAllByRole('listitem')).toHaveLength(4);
    });
    expect(alert).toHaveTextContent('setup.exe was not added: this field does not take files of its type.');
    expect(alert).toHaveTextContent('empty.pdf was not added: it is empty (0 bytes).');
    expect(alert).toHaveTextContent('huge.pdf was not added: it is larger than 2 kB.');
    expect(alert).toHaveTextContent('kit-copy.pdf is here already.');
    expect(answerOf(form).map((item) => item.name)).toEqual(['kit.pdf']);
    expect(input).toHaveAccessibleDescription(expect.stringContaining('setup.exe was not added') as string);
  });

  it('refuses by name a text file named .jpg when it is chosen, rather than listing it as a photo', async () => {
    const user = userEvent.setup();
    const { form } = renderField();
    await user.upload(screen.getByLabelText(LABEL), [new File(['Dear team, my notes'], 'notes.jpg', { type: 'image/jpeg' }), pdf('kit.pdf', '%PDF kit')]);
    expect(await screen.findByText('notes.jpg was not added: it is not a photo, though its name says so.')).toBeInTheDocument();
    await waitFor(() => {
      expect(answerOf(form).map((item) => item.name)).toEqual(['kit.pdf']);
    });
    expect(screen.queryByRole('button', { name: 'Remove notes.jpg' })).toBeNull();
  });

  it('takes files dropped on it from a computer', async () => {
    const { form, container } = renderField();
    const zone = container.querySelector('.file-field')!;
    const dataTransfer = { types: ['Files'], files: [pdf('dropped.pdf', '%PDF dropped')], dropEffect: 'none' };
    fireEvent.dragOver(zone, { dataTransfer });
    expect(zone).toHaveClass('file-field--dragging');
    fireEvent.drop(zone, { dataTransfer });
    expect(zone).not.toHaveClass('file-field--dragging');
    await waitFor(() => {
      expect(answerOf(form).map((item) => item.name)).toEqual(['dropped.pdf']);
    });
  });

  it('says a file was not kept when the device is full, and loses nothing else', async () => {
    const user = userEvent.setup();
    const { form } = renderField();
    vi.mocked(putDeviceFile).mockRejectedValueOnce(new DeviceStorageFullError());
    await user.upload(screen.getByLabelText(LABEL), [pdf('big-kit.pdf', '%PDF big'), pdf('small.pdf', '%PDF small')]);

    expect(
      await screen.findByText(/big-kit\.pdf was not added: this device has no room left to keep it\. Everything else you chose and typed is still kept\./),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(answerOf(form).map((item) => item.name)).toEqual(['small.pdf']);
    });
    expect(form.getValues('personalInfo.firstName')).toBe(completeValues().personalInfo.firstName);
  });

  it('refuses a file over maxFiles by name', async () => {
    const user = userEvent.setup();
    const { form } = renderField();
    await user.upload(screen.getByLabelText(LABEL), [pdf('1.pdf', '%1'), pdf('2.pdf', '%2'), pdf('3.pdf', '%3'), pdf('4.pdf', '%4')]);
    expect(await screen.findByText('4.pdf was not added: this field takes 3 files at most.')).toBeInTheDocument();
    expect(answerOf(form)).toHaveLength(3);
  });

  it('Remove takes a file out of the answer and off the device, stops its upload, and moves focus to the next file', async () => {
    const user = userEvent.setup();
    const { form } = renderField();
    await user.upload(screen.getByLabelText(LABEL), [pdf('a.pdf', '%PDF a'), pdf('b.pdf', '%PDF b')]);
    const remove = await screen.findByRole('button', { name: 'Remove a.pdf' });
    const aSha = answerOf(form)[0]!.sha256;

    await user.click(remove);

    expect(answerOf(form).map((item) => item.name)).toEqual(['b.pdf']);
    expect(uploads.forget).toHaveBeenCalledWith(aSha);
    await waitFor(async () => {
      expect(await getDeviceFile(aSha)).toBeUndefined();
    });
    expect(screen.getByRole('button', { name: 'Remove b.pdf' })).toHaveFocus();
    expect(screen.getByText('a.pdf removed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove b.pdf' }));
    expect(screen.getByLabelText(LABEL)).toHaveFocus();
    expect(await listDeviceFiles()).toEqual([]);
  });

  it("shows a restored draft's files with their upload progress in bytes and percent, announced politely", async () => {
    const sha256 = 'a'.repeat(64);
    await putDeviceFile({ sha256, name: 'kitchen.jpg', type: 'image/jpeg', size: 1_500, blob: new Blob(['jpeg'], { type: 'image/jpeg' }) });
    const { container } = renderField([{ sha256, name: 'kitchen.jpg', type: 'image/jpeg', size: 1_500 }]);

    // Read from the device (its thumbnail shows): "Waiting to upload" is also what a row says while
    // its file is still being read, and a row still reading shows no progress yet.
    await waitFor(() => {
      expect(container.querySelector('img.file-item__thumbnail')).not.toBeNull();
    });
    expect(screen.getByText('Waiting to upload')).toBeInTheDocument();
    expect(screen.getByText('kitchen.jpg')).toBeVisible();
    expect(screen.getByText('1.5 kB')).toBeVisible();
    // The uploads go on after a reload.
    expect(uploads.soon).toHaveBeenCalledWith('http://localhost:3000/api/uploads', { [sha256]: 'homePhotos' });

    uploads.show(sha256, { state: 'uploading', bytesSent: 750, bytesTotal: 1_500 });
    const bar = screen.getByRole('progressbar', { name: 'kitchen.jpg' });
    expect(bar).toHaveAttribute('value', '750');
    expect(bar).toHaveAttribute('max', '1500');
    expect(screen.getByText('750 bytes of 1.5 kB uploaded (50%)')).toBeVisible();
    expect(screen.getByText('kitchen.jpg: 750 bytes of 1.5 kB uploaded (50%)')).toHaveAttribute('aria-live', 'polite');

    uploads.show(sha256, { state: 'done', bytesSent: 1_500, bytesTotal: 1_500 });
    expect(screen.getByText('Uploaded')).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('kitchen.jpg uploaded')).toHaveAttribute('aria-live', 'polite');
  });

  it('shows a thumbnail for a photo on this device', async () => {
    const sha256 = 'b'.repeat(64);
    await putDeviceFile({ sha256, name: 'hall.png', type: 'image/png', size: 10, blob: new Blob(['png'], { type: 'image/png' }) });
    const { container } = renderField([{ sha256, name: 'hall.png', type: 'image/png', size: 10 }]);
    await waitFor(() => {
      expect(container.querySelector('img.file-item__thumbnail')).toHaveAttribute('src', 'blob:thumbnail');
    });
  });

  it('keeps the same thumbnail while the photo uploads (it is not made again, blank meanwhile, at each step)', async () => {
    const sha256 = 'e'.repeat(64);
    const created = vi.fn(() => 'blob:thumbnail');
    const revoked = vi.fn();
    URL.createObjectURL = created;
    URL.revokeObjectURL = revoked;
    await putDeviceFile({ sha256, name: 'porch.png', type: 'image/png', size: 10, blob: new Blob(['png'], { type: 'image/png' }) });
    const { container } = renderField([{ sha256, name: 'porch.png', type: 'image/png', size: 10 }]);
    await waitFor(() => {
      expect(container.querySelector('img.file-item__thumbnail')).toHaveAttribute('src', 'blob:thumbnail');
    });
    uploads.show(sha256, { state: 'uploading', bytesSent: 5, bytesTotal: 10 });
    uploads.show(sha256, { state: 'done', bytesSent: 10, bytesTotal: 10 });
    expect(await screen.findByText('Uploaded')).toBeVisible();
    // Each step reads the file again from the device; its bytes are the same, so is its picture.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(created).toHaveBeenCalledTimes(1);
    expect(revoked).not.toHaveBeenCalled();
  });

  it('shows the small picture the worker drew rather than the photo, the same one while the photo uploads', async () => {
    const sha256 = 'f'.repeat(64);
    const photo = new Blob(['the whole photo'], { type: 'image/jpeg' });
    const thumbnail = new Blob(['small'], { type: 'image/jpeg' });
    // Read as the browser reads it, each time new objects with the same bytes (jsdom's Blobs do not
    // come back from fake-indexeddb as Blobs, so the read is given here).
    vi.mocked(getDeviceFile).mockImplementation((wanted) =>
      Promise.resolve(
        wanted === sha256 ? { sha256, name: 'attic.jpg', type: 'image/jpeg', size: 2_000, blob: photo.slice(), thumbnail: thumbnail.slice() } : undefined,
      ),
    );
    const created = vi.fn((blob: Blob) => (blob.size === thumbnail.size ? 'blob:small' : 'blob:photo'));
    const revoked = vi.fn();
    URL.createObjectURL = created;
    URL.revokeObjectURL = revoked;
    const { container } = renderField([{ sha256, name: 'attic.jpg', type: 'image/jpeg', size: 2_000 }]);
    await waitFor(() => {
      expect(container.querySelector('img.file-item__thumbnail')).toHaveAttribute('src', 'blob:small');
    });
    uploads.show(sha256, { state: 'uploading', bytesSent: 1_000, bytesTotal: 2_000 });
    uploads.show(sha256, { state: 'done', bytesSent: 2_000, bytesTotal: 2_000 });
    expect(await screen.findByText('Uploaded')).toBeVisible();
    // Each step reads the file again; the picture shown stays the one first made.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(vi.mocked(getDeviceFile).mock.calls.length).toBeGreaterThan(1);
    expect(created).toHaveBeenCalledTimes(1);
    expect(revoked).not.toHaveBeenCalled();
  });

  it('shows a file handed over from another device (no bytes here) by name and size, uploaded, without a thumbnail', async () => {
    const sha256 = 'c'.repeat(64);
    await putDeviceFile({
      sha256,
      name: 'garden.jpg',
      type: 'image/jpeg',
      size: 2_400_000,
      uploadUrl: `http://localhost:3000/api/uploads/${'d'.repeat(32)}`,
      uploaded: true,
    });
    const { container } = renderField([{ sha256, name: 'garden.jpg', type: 'image/jpeg', size: 2_400_000 }]);

    expect(await screen.findByText('Uploaded')).toBeVisible();
    expect(screen.getByText('garden.jpg')).toBeVisible();
    expect(screen.getByText('2.4 MB')).toBeVisible();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove garden.jpg' })).toBeVisible();
  });

  it('says in its own row that a file the receiver refused at the send was refused, and why, while the others stay uploaded', async () => {
    const fake = 'f'.repeat(64);
    const good = '1'.repeat(64);
    const uploadUrl = `http://localhost:3000/api/uploads/${'d'.repeat(32)}`;
    await putDeviceFile({
      sha256: fake,
      name: 'notes.jpg',
      type: 'image/jpeg',
      size: 40,
      blob: new Blob(['plain text'], { type: 'image/jpeg' }),
      uploadUrl,
      uploaded: true,
    });
    await putDeviceFile({
      sha256: good,
      name: 'hall.jpg',
      type: 'image/jpeg',
      size: 50,
      blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
      uploadUrl,
      uploaded: true,
    });
    const refused = new Map([[fake, 'file-type']]);
    renderWithForm(
      <SessionUploadsContext.Provider value={uploads.owner}>
        <RequestUrlContext.Provider value="/api/applications">
          <RefusedFilesContext.Provider value={refused}>
            <FileField field={FIELD} />
          </RefusedFilesContext.Provider>
        </RequestUrlContext.Provider>
      </SessionUploadsContext.Provider>,
      {
        programme,
        initialValues: valuesWith([
          { sha256: fake, name: 'notes.jpg', type: 'image/jpeg', size: 40 },
          { sha256: good, name: 'hall.jpg', type: 'image/jpeg', size: 50 },
        ]),
      },
    );

    const [fakeRow, goodRow] = screen.getAllByRole('listitem');
    expect(await within(goodRow!).findByText('Uploaded')).toBeVisible();
    const said = within(fakeRow!).getByText('Refused by the programme: it does not accept files of this type. Remove it and choose another.');
    expect(said).toHaveClass('field-error');
    expect(within(fakeRow!).queryByText('Uploaded')).toBeNull();
  });

  it('says a file the draft names but this device does not hold is missing', async () => {
    renderField([{ sha256: 'e'.repeat(64), name: 'lost.pdf', type: 'application/pdf', size: 5 }]);
    expect(await screen.findByText('Not on this device: remove it and choose it again.')).toBeVisible();
  });

  it('after Continue, asks for a file when none is chosen, and the input is described by the message', async () => {
    const { validateStep } = renderField();
    expect(await validateStep(STEP)).toBe(false);
    const input = screen.getByLabelText(LABEL);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Add at least one file') as string);
  });
});
