import { describe, expect, it } from 'vitest';
import { resumeDecision } from '../../../src/uploads/resume-decision';

describe('what a resumed upload does after its HEAD', () => {
  it('resumes on 2xx', () => {
    expect(resumeDecision(200)).toBe('resume');
    expect(resumeDecision(204)).toBe('resume');
  });

  it('starts a new upload only when the receiver says the upload does not exist', () => {
    expect(resumeDecision(404)).toBe('start-new');
    expect(resumeDecision(410)).toBe('start-new');
  });

  it('asks the same upload again later on a proxy error, a dropped connection and other passing trouble', () => {
    for (const status of [500, 502, 503, 504, 408, 423, 429, 401, 403, 400]) expect(resumeDecision(status)).toBe('retry-later');
    expect(resumeDecision(null)).toBe('retry-later');
    expect(resumeDecision(0)).toBe('retry-later');
  });
});
