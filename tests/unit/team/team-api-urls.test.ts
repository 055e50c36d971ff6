// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../../../src/team/inbox-filters';
import { applicationsUrl, applicationUrl, auditUrl, decisionUrl, exportUrl, isTeamFileUrl, memberUrl, notesUrl } from '../../../src/team/team-api-urls';

describe('the team API addresses', () => {
  it('builds the list with its filters and the cursor of the next page', () => {
    expect(applicationsUrl(NO_FILTERS)).toBe('/team/api/applications');
    expect(applicationsUrl({ ...NO_FILTERS, status: 'in-review', q: 'ana' }, 'c:12')).toBe('/team/api/applications?status=in-review&q=ana&after=c%3A12');
    expect(applicationsUrl(NO_FILTERS, null, 10)).toBe('/team/api/applications?limit=10');
  });

  it('exports the list as filtered, its status included', () => {
    expect(exportUrl({ ...NO_FILTERS, status: 'accepted', language: 'fr', from: '2026-01-01' })).toBe(
      '/team/api/export?status=accepted&language=fr&from=2026-01-01',
    );
  });

  it('encodes every segment a person or the server supplied, so none reaches another endpoint', () => {
    expect(applicationUrl('../members')).toBe('/team/api/applications/..%2Fmembers');
    expect(notesUrl('a b')).toBe('/team/api/applications/a%20b/notes');
    expect(decisionUrl('x?y')).toBe('/team/api/applications/x%3Fy/decision');
    expect(memberUrl('ana+team@example.com')).toBe('/team/api/members/ana%2Bteam%40example.com');
  });

  it('pages the audit log from the oldest entry shown', () => {
    expect(auditUrl()).toBe('/team/api/audit?limit=50');
    expect(auditUrl(1200)).toBe('/team/api/audit?before=1200&limit=50');
  });

  it('shows a file only from the team API on this origin', () => {
    expect(isTeamFileUrl('/team/api/applications/app1/files/up_1')).toBe(true);
    expect(isTeamFileUrl('https://evil.example/team/api/applications/a/files/b')).toBe(false);
    expect(isTeamFileUrl('//evil.example/team/api/applications/a/files/b')).toBe(false);
    expect(isTeamFileUrl('javascript:alert(1)')).toBe(false);
    expect(isTeamFileUrl('/team/api/applications/a/files/b?x=1')).toBe(false);
  });
});
