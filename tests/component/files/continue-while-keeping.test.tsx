import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileFieldConfig } from '../../../src/application/rules/form-config-schema';
import type { ApplicationValues, FileAnswerItem } from '../../../src/application/values/application-values';
import { clearDeviceFiles, putDeviceFile } from '../../../src/storage/device-files';
import type * as DeviceFiles from '../../../src/storage/device-files';
import { FileField } from '../../../src/files/file-field';
import { RequestUrlContext } from '../../../src/form/request-url-context';
import { SessionUploadsContext } from '../../../src/uploads/session-uploads-context';
import { recordingUploads } from '../../support/recording-uploads';
import { completeValues } from '../../fixtures/default-programme';
import { configuredField, programmeWith, renderWithForm, stepOf } from '../support/render-with-form';

// The uploads are the queue's own (tested there): here, only when Continue may read the answer.
const uploads = recordingUploads();
// The real device files (fake-indexeddb), whose writes a test can hold back, as a phone's slow disk does.
vi.mock('../../../src/storage/device-files', async (importOriginal) => {
  const real = await importOriginal<typeof DeviceFiles>();
  return { ...real, putDeviceFile: vi.fn(real.putDeviceFile) };
});

const LABEL = 'Add photos of the rooms';
const PATH = 'fields.single.homePhotos';
const programme = programmeWith((config) => {
  config.steps[2]!.blocks.push({
    component: 'FormSection',
    data: { fields: [{ kind: 'file', path: PATH, label: LABEL, accept: ['image/*', 'application/pdf'], maxFiles: 3, maxBytes: 2_000, required: true }] },
  });
});
const FIELD: FileFieldConfig = configuredField('file', PATH, programme);
const STEP = stepOf(PATH, programme);

function emptyField(): ApplicationValues {
  const values = completeValues();
  return { ...values, fields: { ...values.fields, single: { ...values.fields.single, homePhotos: [] } } };
}

function renderField() {
  return renderWithForm(
    <SessionUploadsContext.Provider value={uploads.owner}>
      <RequestUrlContext.Provider value="/api/applications">
        <FileField field={FIELD} />
      </RequestUrlContext.Provider>
    </SessionUploadsContext.Provider>,
    { programme, initialValues: emptyField() },
  );
}

const pdf = (name: string, text: string) => new File([text], name, { type: 'application/pdf' });
const namesIn = (files: unknown) => (files as FileAnswerItem[]).map((item) => item.name);

/** Device writes held until `release` is called, the real write then done. */
function holdDeviceWrites(): { release: () => void } {
  const real = vi.mocked(putDeviceFile).getMockImplementation()!;
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.mocked(putDeviceFile).mockImplementation(async (file) => {
    await gate;
    await real(file);
  });
  return {
    release: () => {
      release();
    },
  };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  vi.mocked(putDeviceFile).mockReset();
  await clearDeviceFiles();
});

describe('Continue while chosen files are still being kept', () => {
  it('waits for every file the device is keeping, then the step passes with all of them', async () => {
    const { validateStep, form } = renderField();
    fireEvent.change(screen.getByLabelText(LABEL), { target: { files: [pdf('kit.pdf', '%PDF kit'), pdf('plan.pdf', '%PDF plan')] } });

    // Pressed at once, before the first file is stored: not lost, not refused.
    expect(await validateStep(STEP)).toBe(true);
    expect(namesIn(form.getValues(PATH as 'fields.single.x'))).toEqual(['kit.pdf', 'plan.pdf']);
    expect(screen.queryByText('Add at least one file')).toBeNull();
  });

  it('shows no "add a file" error while it waits, and sends every file chosen, a second pick included', async () => {
    const writes = holdDeviceWrites();
    const { bodyToSend } = renderField();
    const input = screen.getByLabelText(LABEL);
    fireEvent.change(input, { target: { files: [pdf('kit.pdf', '%PDF kit')] } });
    fireEvent.change(input, { target: { files: [pdf('plan.pdf', '%PDF plan'), pdf('hall.pdf', '%PDF hall')] } });

    const sent = bodyToSend();
    expect(await screen.findByText('Keeping 3 files on this device…')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Add at least one file')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');

    writes.release();
    const body = await sent;
    expect(body?.files.map((file) => file.key)).toEqual(['homePhotos', 'homePhotos', 'homePhotos']);
    await waitFor(() => {
      expect(screen.getByRole('status', { name: '' })).toBeEmptyDOMElement();
    });
  });
});
