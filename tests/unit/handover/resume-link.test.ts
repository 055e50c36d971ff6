// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readResumeFragment, resumeLink, withoutResumeFragment } from '../../../src/handover/resume-link';
import { decryptDraft, encryptDraft, newDraftId } from '../../../src/handover/draft-envelope';
import { encodeBase64url } from '../../../src/handover/base64url';
import type { HandoverPayload } from '../../../src/handover/handover-payload';

const ID = 'AAECAwQFBgcICQoLDA0ODw';
const KEY = encodeBase64url(new Uint8Array(32).map((_, index) => index * 7));

describe('resumeLink and readResumeFragment', () => {
  it('carries the id and key in the fragment only, and reads them back', () => {
    const link = resumeLink('https://apply.example/partners/?lang=fr#details', ID, KEY);
    expect(link).toBe(`https://apply.example/partners/?lang=fr#resume=${ID}.${KEY}`);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}${url.search}`).not.toContain(KEY);
    expect(readResumeFragment(url.hash)).toEqual({ id: ID, key: KEY });
  });

  it('opens, from the link alone, the draft that was sealed', async () => {
    const payload: HandoverPayload = {
      format: 1,
      applicationId: 'app-1',
      revision: 0,
      savedAt: 1,
      programme: 'v1',
      wizard: { current: 1, reached: [0, 1] },
      values: { personalInfo: {} as HandoverPayload['values']['personalInfo'], platforms: {}, platformCards: [], fields: { single: {} } },
    };
    const sealed = await encryptDraft(payload);
    const opened = readResumeFragment(new URL(resumeLink('http://localhost:5173/', sealed.id, sealed.key)).hash);
    expect(opened).not.toBeNull();
    expect(await decryptDraft(sealed.ciphertext, opened!)).toEqual(payload);
  });

  it('accepts every id the receiver accepts, 22 to 64 characters', () => {
    for (const id of [newDraftId(), 'a'.repeat(22), '_-'.repeat(32)]) expect(readResumeFragment(`#resume=${id}.${KEY}`)).toEqual({ id, key: KEY });
  });

  it.each([
    ['', 'no fragment'],
    ['#', 'an empty fragment'],
    [`resume=${ID}.${KEY}`, 'no #'],
    [`#resume=${ID}${KEY}`, 'no dot'],
    [`#resume=${ID}.${KEY}.x`, 'a second dot'],
    [`#resume=${ID}.${KEY}&lang=fr`, 'an extra parameter after'],
    [`#lang=fr&resume=${ID}.${KEY}`, 'an extra parameter before'],
    [`#resume=${ID}.${KEY}&resume=${ID}.${KEY}`, 'the parameter twice'],
    [`#Resume=${ID}.${KEY}`, 'another case'],
    [`#resume =${ID}.${KEY}`, 'a space'],
    [`#resume=${ID}.${KEY}\n`, 'a trailing newline'],
    [`#resume=${ID}.${KEY}=`, 'padding'],
    [`#resume=${ID}.${KEY.slice(0, 42)}+`, 'a base64 (not base64url) character'],
    [`#resume=${ID.slice(0, 21)}/.${KEY}`, 'a slash in the id'],
    [`#resume=${ID}.${KEY.slice(0, 42)}%41`, 'percent-encoding'],
    [`#resume=${ID.slice(0, 21)}.${KEY}`, 'an id of 21 characters'],
    [`#resume=${'a'.repeat(65)}.${KEY}`, 'an id of 65 characters'],
    [`#resume=${ID}.${KEY.slice(0, 42)}`, 'a key of 42 characters'],
    [`#resume=${ID}.${KEY}A`, 'a key of 44 characters'],
    [`#resume=${ID}.${KEY.slice(0, 42)}B`, 'a key whose last character has stray bits'],
    [`#resume=.${KEY}`, 'no id'],
    [`#resume=${ID}.`, 'no key'],
  ])('is null for %j (%s)', (hash) => {
    expect(readResumeFragment(hash)).toBeNull();
  });

  it('refuses to make a link of an id or key that could not be read back', () => {
    expect(() => resumeLink('https://apply.example/', 'short', KEY)).toThrow(TypeError);
    expect(() => resumeLink('https://apply.example/', ID, KEY.slice(0, 42))).toThrow(TypeError);
    expect(() => resumeLink('not a url', ID, KEY)).toThrow(TypeError);
  });
});

describe('withoutResumeFragment', () => {
  it.each([
    [`https://apply.example/?lang=fr#resume=${ID}.${KEY}`, 'https://apply.example/?lang=fr'],
    ['https://apply.example/#resume=broken', 'https://apply.example/'],
    ['https://apply.example/#resume=', 'https://apply.example/'],
    [`/partners#x=1&resume=${ID}.${KEY}`, '/partners'],
    [`#resume=${ID}.${KEY}`, ''],
  ])('drops the resume fragment of %s', (url, expected) => {
    expect(withoutResumeFragment(url)).toBe(expected);
  });

  it.each(['https://apply.example/', 'https://apply.example/?resume=1', 'https://apply.example/#details', 'https://apply.example/#presume=1'])(
    'leaves %s as it is',
    (url) => {
      expect(withoutResumeFragment(url)).toBe(url);
    },
  );
});
