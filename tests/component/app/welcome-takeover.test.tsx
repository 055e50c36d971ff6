import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useContext, useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FORM_LOAD_FAILED_TEXT } from '../../../src/boot/load-failed-text';
import { WelcomeTakeover } from '../../../src/app/welcome-takeover';
import { WizardAwakeContext } from '../../../src/app/wizard-awake';
import { parseConfig } from '../../../src/config/parse-config';
import { defaultConfig } from '../../fixtures/default-programme';

function config() {
  const result = parseConfig(defaultConfig());
  if (!result.ok) throw new Error('the default configuration is invalid');
  return result.config;
}

/** Stands in for the wizard: says when its effects run, and whether it was awake then (wizard-awake.ts). */
function FakeWizard({ label, onEffect }: { label: string; onEffect: (awake: boolean) => void }) {
  const awake = useContext(WizardAwakeContext);
  useEffect(() => {
    onEffect(awake);
  }, [onEffect, awake]);
  return <h2>{label}</h2>;
}

const WELCOME_BUTTON = { name: 'Continue' };

describe('WelcomeTakeover', () => {
  it('builds the wizard hidden once idle, mounted but not awake, and Continue only shows it and wakes it', async () => {
    const effects = vi.fn<(awake: boolean) => void>();
    const loadWizard = vi.fn(() => Promise.resolve(<FakeWizard label="Step one" onEffect={effects} />));
    render(<WelcomeTakeover config={config()} loadWizard={loadWizard} buildAhead={loadWizard} builtWizardIsStale={() => false} />);
    await waitFor(() => {
      expect(loadWizard).toHaveBeenCalledTimes(1);
    });
    // Built (in the document) and mounted, but hidden and not awake: no role, and its effects know.
    await waitFor(() => {
      expect(screen.getByText('Step one', { selector: 'h2' })).toBeInTheDocument();
    });
    expect(screen.queryByRole('heading', { name: 'Step one' })).toBeNull();
    expect(effects.mock.calls).toEqual([[false]]);

    await userEvent.click(screen.getByRole('button', WELCOME_BUTTON));
    expect(screen.getByRole('heading', { name: 'Step one' })).toBeVisible();
    expect(effects.mock.calls).toEqual([[false], [true]]);
    expect(loadWizard).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', WELCOME_BUTTON)).toBeNull();
  });

  it('a Continue before the wizard is ready loads it then, and says so when that fails', async () => {
    const loadWizard = vi.fn((): Promise<ReactElement> => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(<WelcomeTakeover config={config()} loadWizard={loadWizard} buildAhead={loadWizard} builtWizardIsStale={() => false} />);
    await userEvent.click(screen.getByRole('button', WELCOME_BUTTON));
    expect(await screen.findByRole('alert')).toHaveTextContent(FORM_LOAD_FAILED_TEXT);
    loadWizard.mockImplementation(() => Promise.resolve(<FakeWizard label="Step one" onEffect={() => undefined} />));
    await userEvent.click(screen.getByRole('button', WELCOME_BUTTON));
    expect(await screen.findByRole('heading', { name: 'Step one' })).toBeVisible();
  });

  it('builds the wizard afresh when the device came to hold an application meanwhile (another tab)', async () => {
    let built = 0;
    const loadWizard = vi.fn(() => {
      built += 1;
      return Promise.resolve(<FakeWizard label={`Build ${String(built)}`} onEffect={() => undefined} />);
    });
    let stale = false;
    render(<WelcomeTakeover config={config()} loadWizard={loadWizard} buildAhead={loadWizard} builtWizardIsStale={() => stale} />);
    await waitFor(() => {
      expect(screen.getByText('Build 1', { selector: 'h2' })).toBeInTheDocument();
    });
    stale = true;
    await userEvent.click(screen.getByRole('button', WELCOME_BUTTON));
    expect(await screen.findByRole('heading', { name: 'Build 2' })).toBeVisible();
    expect(screen.queryByText('Build 1')).toBeNull();
  });

  it("a press made on index.html's Welcome before the app ran opens step 1 with one load, and no build ahead", async () => {
    const loadWizard = vi.fn(() => Promise.resolve(<FakeWizard label="Step one" onEffect={() => undefined} />));
    const buildAhead = vi.fn(() => Promise.resolve(<FakeWizard label="Built ahead" onEffect={() => undefined} />));
    const takenOver = vi.fn();
    render(<WelcomeTakeover config={config()} loadWizard={loadWizard} buildAhead={buildAhead} builtWizardIsStale={() => false} continuePressedEarly={() => true} onTakenOver={takenOver} />);
    expect(takenOver).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Step one' })).toBeVisible();
    expect(screen.queryByRole('button', WELCOME_BUTTON)).toBeNull();
    // The idle build ahead finds Continue's load under way and stays out of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(loadWizard).toHaveBeenCalledTimes(1);
    expect(buildAhead).not.toHaveBeenCalled();
    expect(screen.queryByText('Built ahead')).toBeNull();
  });
});

