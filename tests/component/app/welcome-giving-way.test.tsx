import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EN } from '../../../src/i18n/messages-en';
import { WelcomeGivingWay, type PreparedWizard } from '../../../src/app/welcome-giving-way';
import { parseConfig } from '../../../src/config/parse-config';
import { defaultConfig } from '../../fixtures/default-programme';

function config() {
  const result = parseConfig(defaultConfig());
  if (!result.ok) throw new Error('the default configuration is invalid');
  return result.config;
}

/** Stands in for the wizard: says when its effects run. */
function FakeWizard({ label, onEffect }: { label: string; onEffect: () => void }) {
  useEffect(() => {
    onEffect();
  }, [onEffect]);
  return <h2>{label}</h2>;
}

/** A prepared wizard whose session answers `wake` with `awakes` (false: the store came to hold another application). */
function prepared(label: string, { onEffect = () => undefined, awakes = true }: { onEffect?: () => void; awakes?: boolean } = {}) {
  const session = { wake: vi.fn(() => Promise.resolve(awakes)), dispose: vi.fn() };
  return { element: <FakeWizard label={label} onEffect={onEffect} />, session } satisfies PreparedWizard;
}

const WELCOME_BUTTON = { name: 'Continue' };

describe('WelcomeGivingWay', () => {
  it('builds the wizard hidden once idle, mounted with its session asleep, and Continue shows it and wakes it', async () => {
    const effects = vi.fn();
    const wizard = prepared('Step one', { onEffect: effects });
    const loadWizard = vi.fn(() => Promise.resolve(wizard));
    render(<WelcomeGivingWay config={config()} loadWizard={loadWizard} buildAhead={loadWizard} />);
    await waitFor(() => {
      expect(loadWizard).toHaveBeenCalledTimes(1);
    });
    // Built (in the document) and mounted, but hidden, and its session not woken.
    await waitFor(() => {
      expect(screen.getByText('Step one', { selector: 'h2' })).toBeInTheDocument();
    });
    expect(screen.queryByRole('heading', { name: 'Step one' })).toBeNull();
    expect(effects).toHaveBeenCalledTimes(1);
    expect(wizard.session.wake).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', WELCOME_BUTTON));
    expect(screen.getByRole('heading', { name: 'Step one' })).toBeVisible();
    expect(wizard.session.wake).toHaveBeenCalledTimes(1);
    // Shown, not mounted again.
    expect(effects).toHaveBeenCalledTimes(1);
    expect(loadWizard).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', WELCOME_BUTTON)).toBeNull();
  });

  it('a Continue before the wizard is ready loads it then, and says so when that fails', async () => {
    const loadWizard = vi.fn((): Promise<PreparedWizard> => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(<WelcomeGivingWay config={config()} loadWizard={loadWizard} buildAhead={loadWizard} />);
    await userEvent.click(screen.getByRole('button', WELCOME_BUTTON));
    expect(await screen.findByRole('alert')).toHaveTextContent(EN.formLoadFailed);
    loadWizard.mockImplementation(() => Promise.resolve(prepared('Step one')));
    await userEvent.click(screen.getByRole('button', WELCOME_BUTTON));
    expect(await screen.findByRole('heading', { name: 'Step one' })).toBeVisible();
  });

  it('loads the wizard from the store when its session, waking, finds the device came to hold an application (another tab)', async () => {
    const stale = prepared('Built blank', { awakes: false });
    const buildAhead = vi.fn(() => Promise.resolve(stale));
    const loadWizard = vi.fn(() => Promise.resolve(prepared('Loaded from the store')));
    render(<WelcomeGivingWay config={config()} loadWizard={loadWizard} buildAhead={buildAhead} />);
    await waitFor(() => {
      expect(screen.getByText('Built blank', { selector: 'h2' })).toBeInTheDocument();
    });

    await userEvent.click(screen.getByRole('button', WELCOME_BUTTON));

    expect(await screen.findByRole('heading', { name: 'Loaded from the store' })).toBeVisible();
    expect(screen.queryByText('Built blank')).toBeNull();
    expect(stale.session.dispose).toHaveBeenCalledOnce();
    expect(loadWizard).toHaveBeenCalledOnce();
  });

  it('a stale wizard whose replacement cannot be loaded gives way to Welcome, which says so, and Continue tries again', async () => {
    const stale = prepared('Built blank', { awakes: false });
    const loadWizard = vi.fn((): Promise<PreparedWizard> => Promise.reject(new Error('The store could not be read')));
    render(<WelcomeGivingWay config={config()} loadWizard={loadWizard} buildAhead={() => Promise.resolve(stale)} />);
    await waitFor(() => {
      expect(screen.getByText('Built blank', { selector: 'h2' })).toBeInTheDocument();
    });

    await userEvent.click(screen.getByRole('button', WELCOME_BUTTON));

    expect(await screen.findByRole('alert')).toHaveTextContent(EN.formLoadFailed);
    expect(screen.queryByText('Built blank')).toBeNull();
    loadWizard.mockImplementation(() => Promise.resolve(prepared('Loaded from the store')));
    await userEvent.click(screen.getByRole('button', WELCOME_BUTTON));
    expect(await screen.findByRole('heading', { name: 'Loaded from the store' })).toBeVisible();
  });

  it("a press made on index.html's Welcome before the app ran opens step 1 with one load, and no build ahead", async () => {
    const loadWizard = vi.fn(() => Promise.resolve(prepared('Step one')));
    const buildAhead = vi.fn(() => Promise.resolve(prepared('Built ahead')));
    const replacedPrerendered = vi.fn();
    render(
      <WelcomeGivingWay
        config={config()}
        loadWizard={loadWizard}
        buildAhead={buildAhead}
        continuePressedEarly={() => true}
        onReplacedPrerendered={replacedPrerendered}
      />,
    );
    expect(replacedPrerendered).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Step one' })).toBeVisible();
    expect(screen.queryByRole('button', WELCOME_BUTTON)).toBeNull();
    // The idle build ahead finds Continue's load under way and stays out of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(loadWizard).toHaveBeenCalledTimes(1);
    expect(buildAhead).not.toHaveBeenCalled();
    expect(screen.queryByText('Built ahead')).toBeNull();
  });
});
