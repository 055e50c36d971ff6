import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contractStandIn, storedApplication } from '../../support/team-contract-stand-in';
import { renderTeam } from './render-team';

const REVIEWER = { email: 'reviewer@example.com', role: 'reviewer' } as const;
const VIEWER = { email: 'viewer@example.com', role: 'viewer' } as const;

describe("an application's page", () => {
  it('shows a viewer every answer under its section, the files, history and notes, and no form to change anything', async () => {
    const application = storedApplication(7, {
      notes: [{ seq: 1, author: 'admin@example.com', body: 'Strong portfolio.', createdAt: '2026-03-08T09:00:00.000Z' }],
    });
    renderTeam(contractStandIn({ applications: [application], signedInAs: VIEWER }), '/team/applications/app_007');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Application K7QM-2227' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    const about = screen.getByRole('region', { name: 'About you' });
    expect(within(about).getByText('Your name').nextElementSibling).toHaveTextContent('Creator 7');
    expect(within(about).getByText('Country').nextElementSibling).toHaveTextContent('Portugal');
    expect(within(screen.getByRole('region', { name: 'Your channels' })).getByText('@creator7')).toBeInTheDocument();
    const photo = screen.getByRole('img', { name: 'room.jpg, A photo of your room' });
    expect(photo).toHaveAttribute('src', '/team/api/applications/app_007/files/up1');
    const document = screen.getByRole('link', { name: 'Download kit.pdf' });
    expect(document).toHaveAttribute('href', '/team/api/applications/app_007/files/up2');
    expect(document).toHaveAttribute('download', 'kit.pdf');
    expect(screen.queryByRole('img', { name: /kit\.pdf/ })).not.toBeInTheDocument();
    expect(screen.getByText('For the team only: never shown to the creator.')).toBeInTheDocument();
    expect(screen.getByText('Strong portfolio.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Decision' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
  });

  it('lets a reviewer accept with a message, and shows the new history', async () => {
    const standIn = contractStandIn({ applications: [storedApplication(7)], signedInAs: REVIEWER });
    const { user } = renderTeam(standIn, '/team/applications/app_007');
    await screen.findByRole('heading', { level: 1, name: 'Application K7QM-2227' });
    expect(screen.queryByRole('textbox', { name: /Message to the creator/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'In review' }));
    expect(screen.queryByRole('textbox', { name: /Message to the creator/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Accepted' }));
    const message = screen.getByRole('textbox', { name: 'Message to the creator (optional)' });
    await user.type(message, 'Welcome aboard!');
    expect(screen.getByText('15 of 2000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Decided: Accepted. The creator is sent your message.')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Welcome aboard!')).toBeInTheDocument();
    expect(within(history).getByText('reviewer@example.com')).toBeInTheDocument();
    expect(standIn.state.applications[0]!.history.at(-1)).toMatchObject({ status: 'accepted', message: 'Welcome aboard!', changedBy: 'reviewer@example.com' });
  });

  it('says someone decided meanwhile, shows the new standing, and keeps the typed message', async () => {
    const standIn = contractStandIn({ applications: [storedApplication(7)], signedInAs: REVIEWER });
    const { user } = renderTeam(standIn, '/team/applications/app_007');
    await screen.findByRole('heading', { level: 1, name: 'Application K7QM-2227' });
    await user.click(screen.getByRole('radio', { name: 'Declined' }));
    await user.type(screen.getByRole('textbox', { name: 'Message to the creator (optional)' }), 'Not this season, sorry.');
    standIn.decideElsewhere('app_007', 'accepted');
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    const alert = (await screen.findByText(/Someone decided meanwhile: now Accepted/)).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message to the creator (optional)' })).toHaveValue('Not this season, sorry.');
    expect(within(screen.getByRole('region', { name: 'History' })).getByText('other@example.com')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Status (now Accepted)' })).toBeInTheDocument();
    // Nothing was written by the refused decision; a second press, knowingly, follows the new entry.
    expect(standIn.state.applications[0]!.history.map((entry) => entry.status)).toEqual(['received', 'accepted']);
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Decided: Declined. The creator is sent your message.')).toBeInTheDocument();
  });

  it('checks the decision before sending it: a choice, a change, a message within 2000 characters', async () => {
    const standIn = contractStandIn({ applications: [storedApplication(7)], signedInAs: REVIEWER });
    const { user } = renderTeam(standIn, '/team/applications/app_007');
    await screen.findByRole('heading', { level: 1, name: 'Application K7QM-2227' });
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Choose a decision.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Accepted' }));
    const message = screen.getByRole('textbox', { name: 'Message to the creator (optional)' });
    await user.click(message);
    await user.paste('x'.repeat(2001));
    expect(message).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('The message is 2001 characters long: at most 2000.')).toBeInTheDocument();
    expect(standIn.state.requests.filter((request) => request.endsWith('/decision'))).toEqual([]);
  });

  it('lets a reviewer add a private note', async () => {
    const standIn = contractStandIn({ applications: [storedApplication(7)], signedInAs: REVIEWER });
    const { user } = renderTeam(standIn, '/team/applications/app_007');
    await user.type(await screen.findByRole('textbox', { name: 'New note' }), 'Check the room photo.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const notes = screen.getByRole('region', { name: 'Private notes' });
    expect(await within(notes).findByText('Check the room photo.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('');
  });

  it('says an application is not found', async () => {
    renderTeam(contractStandIn({ signedInAs: VIEWER }), '/team/applications/app_404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the applications' })).toHaveAttribute('href', '/team/');
  });
});
