import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WelcomeShell } from '../../../src/app/welcome-shell';
import { EN } from '../../../src/i18n/messages-en';
import { parseConfig } from '../../../src/config/parse-config';
import { defaultConfig } from '../../fixtures/default-programme';

function config() {
  const result = parseConfig(defaultConfig());
  if (!result.ok) throw new Error('the default configuration is invalid');
  return result.config;
}

describe('WelcomeShell', () => {
  it("draws the Welcome step's heading, configured text and Continue before the form has loaded", () => {
    render(<WelcomeShell config={config()} onContinue={() => Promise.resolve()} />);
    expect(screen.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('Continue loads the form once, however often it is pressed meanwhile', async () => {
    const onContinue = vi.fn(() => new Promise<void>(() => undefined));
    render(<WelcomeShell config={config()} onContinue={onContinue} />);
    const button = screen.getByRole('button', { name: 'Continue' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute('aria-disabled', 'true');
  });

  it('says so when the form cannot be loaded, and Continue tries again', async () => {
    const onContinue = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(<WelcomeShell config={config()} onContinue={onContinue} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EN.formLoadFailed);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledTimes(2);
  });

  it("makes a press of Continue made on index.html's Welcome again, once, showing it busy from the start", () => {
    const onContinue = vi.fn(() => new Promise<void>(() => undefined));
    const pressedEarly = vi.fn(() => true);
    render(<WelcomeShell config={config()} onContinue={onContinue} continuePressedEarly={pressedEarly} />);
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
    expect(pressedEarly).toHaveBeenCalledTimes(1);
  });

  it('waits for a press when none was made before the app ran', () => {
    const onContinue = vi.fn(() => Promise.resolve());
    render(<WelcomeShell config={config()} onContinue={onContinue} continuePressedEarly={() => false} />);
    expect(onContinue).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'false');
  });
});
