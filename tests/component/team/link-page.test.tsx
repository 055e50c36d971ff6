import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contractStandIn } from '../../support/team-contract-stand-in';
import { renderTeam } from './render-team';

describe('the page a sign-in link opens', () => {
  it('signs nobody in when opened (a mail scanner), and signs in on "Sign in", then opens the inbox', async () => {
    const standIn = contractStandIn();
    const token = standIn.mailLink('reviewer@example.com');
    const { user } = renderTeam(standIn, '/team/sign-in', token);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in to the team inbox' });
    expect(heading).toHaveFocus();
    expect(standIn.state.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    expect(standIn.state.links.has(token)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toHaveFocus();
    expect(standIn.state.requests).toContain('POST /team/api/session');
    expect(window.location.pathname).toBe('/team/');
    expect(window.location.hash).toBe('');
    expect(screen.getByText('reviewer@example.com')).toBeInTheDocument();
  });

  it('says plainly when a link was used or expired, and leads to asking for a new one', async () => {
    const standIn = contractStandIn();
    const { user } = renderTeam(standIn, '/team/sign-in', 'used-token-used-token-used-token');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link cannot be used: it has been used already, or more than 15 minutes have passed.',
    );
    await user.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('button', { name: 'Send sign-in link' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the team inbox' })).toHaveFocus();
    expect(window.location.pathname).toBe('/team/sign-in');
  });
});
