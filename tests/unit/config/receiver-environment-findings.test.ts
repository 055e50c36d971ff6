import { describe, expect, it } from 'vitest';
import { checkConfigText, reportConfigCheck } from '../../../src/config/check-config';
import defaultConfigText from '../../../public/config.json?raw';
import filesConfigText from '../../../docs/examples/config.files.json?raw';

// The checker, given the receiver's environment, says what that receiver would refuse: a programme
// with file fields on PostgreSQL without UPLOADS_DIR (it used to answer "valid", and the receiver
// then applied the edit and refused every upload).
describe("check-config with the receiver's environment", () => {
  const postgresOnly = { DATABASE_URL: 'postgres://receiver@db/wizard' };

  it('refuses each file field on PostgreSQL without UPLOADS_DIR, saying why', () => {
    const report = reportConfigCheck('config.json', checkConfigText(filesConfigText, postgresOnly), false);
    expect(report.exitCode).toBe(1);
    const errors = report.lines.filter((line) => line.startsWith('error'));
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line).toMatch(/^error {3}\S+: a file field, and this receiver runs on PostgreSQL \(DATABASE_URL\) without UPLOADS_DIR/);
  });

  it('passes the same programme with UPLOADS_DIR, on the embedded store, or without an environment', () => {
    for (const env of [{ ...postgresOnly, UPLOADS_DIR: '/srv/creator-wizard/uploads' }, {}, { UPLOADS_DIR: '' }]) {
      expect(checkConfigText(filesConfigText, env).errors).toEqual([]);
    }
    expect(checkConfigText(filesConfigText).errors).toEqual([]);
  });

  it('passes a programme without file fields on PostgreSQL without UPLOADS_DIR', () => {
    expect(checkConfigText(defaultConfigText, postgresOnly).errors).toEqual([]);
  });
});
