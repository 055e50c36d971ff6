import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTeamApi } from '../../../src/team/team-api';
import { TeamApp } from '../../../src/team/team-app';
import type { contractStandIn } from '../../support/team-contract-stand-in';

/** The team app at an address, its API answered by the contract stand-in. */
export function renderTeam(standIn: ReturnType<typeof contractStandIn>, path = '/team/', linkToken: string | null = null) {
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  return { user, ...render(<TeamApp api={createTeamApi(standIn.fetch)} linkToken={linkToken} />) };
}
