import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contractStandIn, storedApplication } from '../../support/team-contract-stand-in';
import { renderTeam } from './render-team';

const ADMIN = { email: 'admin@example.com', role: 'admin' } as const;

describe('the team page and the audit log (admins)', () => {
  it('adds a member, changes a role, removes one after asking, and refuses to lose the last admin', async () => {
    const standIn = contractStandIn({ signedInAs: ADMIN });
    const { user } = renderTeam(standIn, '/team/members');
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toHaveFocus();
    await screen.findByText('viewer@example.com');

    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'new@example.com');
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Role' }).at(-1)!, 'reviewer');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('new@example.com was added as Reviewer.')).toBeInTheDocument();
    expect(await screen.findByText('new@example.com', { selector: '.member__email' })).toBeInTheDocument();

    const viewerRow = screen.getByText('viewer@example.com').closest('li')!;
    await user.selectOptions(within(viewerRow).getByRole('combobox', { name: /Role/ }), 'reviewer');
    await user.click(within(viewerRow).getByRole('button', { name: /Save role/ }));
    expect(await screen.findByText('viewer@example.com is now Reviewer.')).toBeInTheDocument();

    const newRow = screen.getByText('new@example.com', { selector: '.member__email' }).closest('li')!;
    await user.click(within(newRow).getByRole('button', { name: /Remove/ }));
    await user.click(within(newRow).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('new@example.com was removed from the team.')).toBeInTheDocument();

    const adminRow = screen.getByText('admin@example.com', { selector: '.member__email' }).closest('li')!;
    await user.click(within(adminRow).getByRole('button', { name: /Remove/ }));
    await user.click(within(adminRow).getByRole('button', { name: 'Yes, remove' }));
    expect((await screen.findByText(/The team must keep at least one admin/)).closest('[role="alert"]')).not.toBeNull();
  });

  it('shows the audit log as a table, with older entries on request', async () => {
    const standIn = contractStandIn({ applications: [storedApplication(1)], signedInAs: ADMIN });
    for (let n = 0; n < 55; n += 1)
      standIn.state.audit.push({
        seq: 500 - n,
        at: '2026-03-01T10:00:00.000Z',
        actor: 'reviewer@example.com',
        action: n === 0 ? 'decision' : 'view',
        applicationId: 'app_001',
        detail: {},
      });
    const { user } = renderTeam(standIn, '/team/audit');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Who', 'What', 'Application']);
    expect(within(table).getByText('Decided')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(table).findAllByRole('row')).toHaveLength(56);
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it("tells a reviewer the admins' pages are not theirs", async () => {
    renderTeam(contractStandIn({ signedInAs: { email: 'reviewer@example.com', role: 'reviewer' } }), '/team/audit');
    expect(await screen.findByText('Only admins can open this page. Your role does not allow it.')).toBeInTheDocument();
  });
});
