import { describe, expect, it, vi } from 'vitest';
import { UNKNOWN_KEY } from '../../../src/config/parse-config';
import { reportUnknownConfigKeys } from '../../../src/telemetry/report-unknown-config-keys';

describe('reportUnknownConfigKeys', () => {
  it('reports the paths of the keys the app left out, so the deployer learns of a typo', () => {
    const report = vi.fn();
    reportUnknownConfigKeys(
      [
        { path: 'requestUrll', message: UNKNOWN_KEY },
        { path: 'steps.1.layout', message: UNKNOWN_KEY },
      ],
      report,
    );
    expect(report).toHaveBeenCalledTimes(1);
    const [error, context] = report.mock.calls[0] as [Error, Record<string, unknown>];
    expect(error.message).toContain('requestUrll');
    expect(error.message).toContain('steps.1.layout');
    expect(context).toEqual({ where: 'config', unknownKeys: 2 });
  });

  it('says nothing when every key is known', () => {
    const report = vi.fn();
    reportUnknownConfigKeys([], report);
    expect(report).not.toHaveBeenCalled();
  });
});
