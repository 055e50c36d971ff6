import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contractStandIn, storedApplication } from '../../support/team-contract-stand-in';
import { renderTeam } from './render-team';

const REVIEWER = { email: 'reviewer@example.com', role: 'reviewer' } as const;
const VIEWER = { email: 'viewer@example.com', role: 'viewer' } as const;

function someApplications(count: number) {
  return Array.from({ length: count }, (_, index) => storedApplication(index + 1));
}

/** The names of the applications listed, in order. */
function listedNames(): string[] {
  return within(screen.getByRole('list', { name: 'Applications' }))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

describe('the inbox', () => {
  it('lists applications newest first with their facts, counts per status, and the export for a reviewer', async () => {
    const applications = someApplications(3);
    applications[0]!.history.push({ seq: 99, status: 'accepted', message: null, changedAt: '2026-03-05T10:00:00.000Z', changedBy: 'admin@example.com' });
    renderTeam(contractStandIn({ applications, signedInAs: REVIEWER }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toHaveFocus();
    await screen.findByRole('link', { name: 'Creator 3' });
    expect(listedNames()).toEqual(['Creator 3', 'Creator 2', 'Creator 1']);
    const statuses = screen.getByRole('navigation', { name: 'Filter by status' });
    expect(within(statuses).getByRole('link', { name: 'All 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(statuses).getByRole('link', { name: 'Received 2' })).toBeInTheDocument();
    expect(within(statuses).getByRole('link', { name: 'Accepted 1' })).toHaveAttribute('href', '/team/?status=accepted');
    const first = screen.getByRole('link', { name: 'Creator 3' }).closest('li')!;
    expect(within(first).getByText('@creator3')).toBeInTheDocument();
    expect(within(first).getByText('K7QM-2223')).toBeInTheDocument();
    expect(within(first).getByText('3 Mar 2026')).toBeInTheDocument();
    expect(within(first).getByText('Received', { selector: 'dd span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/team/api/export');
  });

  it('filters by status from its link, keeping it in the address', async () => {
    const applications = someApplications(3);
    applications[1]!.history.push({ seq: 99, status: 'declined', message: null, changedAt: '2026-03-05T10:00:00.000Z', changedBy: 'admin@example.com' });
    const { user } = renderTeam(contractStandIn({ applications, signedInAs: REVIEWER }));
    await user.click(await screen.findByRole('link', { name: 'Declined 1' }));
    await waitFor(() => {
      expect(listedNames()).toEqual(['Creator 2']);
    });
    expect(window.location.search).toBe('?status=declined');
    expect(screen.getByRole('link', { name: 'Declined 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/team/api/export?status=declined');
  });

  it('searches by name, e-mail or handle, and filters by language and days', async () => {
    const standIn = contractStandIn({ applications: someApplications(12), signedInAs: REVIEWER });
    const { user } = renderTeam(standIn);
    await screen.findByRole('link', { name: 'Creator 12' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'creator1{Enter}');
    await waitFor(() => {
      expect(listedNames()).toEqual(['Creator 12', 'Creator 11', 'Creator 10', 'Creator 1']);
    });
    expect(window.location.search).toBe('?q=creator1');
    await user.type(screen.getByRole('textbox', { name: 'Language' }), 'fr');
    fireEvent.change(screen.getByLabelText('Received from'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Received to'), { target: { value: '2026-03-11' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      expect(listedNames()).toEqual(['Creator 10']);
    });
    expect(standIn.state.requests).toContain('GET /team/api/applications?language=fr&from=2026-03-10&to=2026-03-11&q=creator1');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(listedNames()).toHaveLength(12);
    });
  });

  it('says why a filter cannot be applied, and what an empty result means', async () => {
    const { user } = renderTeam(contractStandIn({ applications: someApplications(2), signedInAs: REVIEWER }));
    await screen.findByRole('link', { name: 'Creator 2' });
    fireEvent.change(screen.getByLabelText('Received from'), { target: { value: '2026-03-20' } });
    fireEvent.change(screen.getByLabelText('Received to'), { target: { value: '2026-03-01' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('The first day is after the last day.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Received to'), { target: { value: '2026-03-21' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No application matches these filters.')).toBeInTheDocument();
  });

  it("shows more with the server's cursor, and moves the focus to the first new application", async () => {
    const standIn = contractStandIn({ applications: someApplications(5), signedInAs: REVIEWER, pageSize: 2 });
    const { user } = renderTeam(standIn);
    await screen.findByRole('link', { name: 'Creator 5' });
    expect(listedNames()).toEqual(['Creator 5', 'Creator 4']);
    expect(screen.getByText('Showing 2 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Creator 3' })).toHaveFocus();
    });
    expect(standIn.state.requests).toContain('GET /team/api/applications?after=app_004');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => {
      expect(listedNames()).toEqual(['Creator 5', 'Creator 4', 'Creator 3', 'Creator 2', 'Creator 1']);
    });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('offers no export to a viewer, and says when there is nothing yet', async () => {
    renderTeam(contractStandIn({ signedInAs: VIEWER }));
    expect(await screen.findByText('No applications yet. They appear here as creators send them.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('returns to sign-in when the session ended, and says so', async () => {
    const standIn = contractStandIn({ applications: someApplications(3), signedInAs: REVIEWER, pageSize: 2 });
    const { user } = renderTeam(standIn);
    await screen.findByRole('link', { name: 'Creator 3' });
    standIn.endSession();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect((await screen.findByText('Your session ended. Sign in again.')).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the team inbox' })).toHaveFocus();
  });

  it('says so when the server cannot be reached, and tries again', async () => {
    const standIn = contractStandIn({ applications: someApplications(1), signedInAs: REVIEWER });
    let down = true;
    const { user } = renderTeam({
      ...standIn,
      fetch: (input, init) => (down && input.startsWith('/team/api/applications') ? Promise.reject(new TypeError('offline')) : standIn.fetch(input, init)),
    });
    expect((await screen.findByText(/The server could not be reached/)).closest('[role="alert"]')).not.toBeNull();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Creator 1' })).toBeInTheDocument();
  });
});
