import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contractStandIn } from '../../support/team-contract-stand-in';
import { renderTeam } from './render-team';

const SENT = 'If this address belongs to the team, a sign-in link is on its way. It works once, within 15 minutes.';

describe('signing in to the team inbox', () => {
  it('asks for an address when signed out, whatever the page, with the focus on its heading', async () => {
    renderTeam(contractStandIn(), '/team/applications/app_001');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in to the team inbox' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /single sign-on/ })).not.toBeInTheDocument();
  });

  it('answers a member and a stranger with the same words', async () => {
    const standIn = contractStandIn();
    const { user } = renderTeam(standIn);
    const field = await screen.findByRole('textbox', { name: 'E-mail address' });
    await user.type(field, 'reviewer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    const forMember = screen.getByText(SENT).closest('[role="status"]')?.textContent;
    await user.clear(field);
    await user.type(field, 'stranger@example.org');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    await waitFor(() => {
      expect(standIn.state.requests.filter((request) => request === 'POST /team/api/sign-in')).toHaveLength(2);
    });
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.getByText(SENT).closest('[role="status"]')?.textContent).toBe(forMember);
  });

  it('says what is wrong with an address before sending it, and sends nothing', async () => {
    const standIn = contractStandIn();
    const { user } = renderTeam(standIn);
    const field = await screen.findByRole('textbox', { name: 'E-mail address' });
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(await screen.findByText('Enter an e-mail address such as name@example.com.')).toBeInTheDocument();
    expect(standIn.state.requests).not.toContain('POST /team/api/sign-in');
  });

  it("offers single sign-on when the server does, and says when the provider's account is not on the team", async () => {
    renderTeam(contractStandIn({ oidc: true }), '/team/?signin=refused');
    const link = await screen.findByRole('link', { name: 'Sign in with single sign-on' });
    expect(link).toHaveAttribute('href', '/team/api/oidc/start');
    expect(screen.getByRole('alert')).toHaveTextContent('That account is not on the team.');
  });

  it('signs out on the server and returns to sign-in', async () => {
    const standIn = contractStandIn({ signedInAs: { email: 'reviewer@example.com', role: 'reviewer' } });
    const { user } = renderTeam(standIn);
    expect(await screen.findByText('reviewer@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the team inbox' })).toBeInTheDocument();
    expect(screen.getByText('You have signed out.')).toBeInTheDocument();
    expect(standIn.state.requests).toContain('DELETE /team/api/session');
    expect(window.location.pathname).toBe('/team/');
  });
});
