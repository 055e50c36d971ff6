import { describe, expect, it } from 'vitest';
import { createErrors, type ErrorReporter } from '../../../src/telemetry/errors';

function fakeReporter() {
  const reports: Array<[unknown, unknown]> = [];
  const reporter: ErrorReporter = { report: (error, context) => reports.push([error, context]) };
  return { reporter, reports };
}

describe('errors wrapper', () => {
  it('buffers reports until a reporter is attached, then sends them and every later one', () => {
    const errors = createErrors();
    const first = new Error('first');
    errors.reportError(first, { where: 'boot' });
    const { reporter, reports } = fakeReporter();
    errors.attach(reporter);
    const second = new Error('second');
    errors.reportError(second);
    expect(reports).toEqual([
      [first, { where: 'boot' }],
      [second, {}],
    ]);
  });

  it('never reports known storage and service-worker noise', () => {
    const errors = createErrors();
    const { reporter, reports } = fakeReporter();
    errors.attach(reporter);
    const quota = new Error('The quota has been exceeded.');
    quota.name = 'QuotaExceededError';
    errors.reportError(quota);
    expect(reports).toEqual([]);
  });

  it('keeps at most 20 reports while no reporter loads', () => {
    const errors = createErrors();
    for (let n = 0; n < 30; n += 1) errors.reportError(new Error(`problem ${String(n)}`));
    const { reporter, reports } = fakeReporter();
    errors.attach(reporter);
    expect(reports).toHaveLength(20);
  });
});
