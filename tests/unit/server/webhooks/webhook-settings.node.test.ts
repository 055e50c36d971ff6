// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS, isPlainTextToAnotherMachine, webhookSettings } from '../../../../server/webhooks/webhook-settings.mjs';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

describe('the webhooks settings from the environment', () => {
  it('are off when neither WEBHOOK_URL nor WEBHOOK_SECRET is set', () => {
    expect(webhookSettings({})).toBeNull();
    expect(webhookSettings({ WEBHOOK_URL: ' ', WEBHOOK_SECRET: '' })).toBeNull();
  });

  it('take the URL, the secret and a timeout', () => {
    const settings = webhookSettings({ WEBHOOK_URL: 'https://hooks.zapier.com/hooks/catch/1/abc/', WEBHOOK_SECRET: SECRET });
    expect(settings?.url.href).toBe('https://hooks.zapier.com/hooks/catch/1/abc/');
    expect(settings?.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
    expect(webhookSettings({ WEBHOOK_URL: 'https://example.com/h', WEBHOOK_SECRET: SECRET, WEBHOOK_TIMEOUT_MS: '2500' })?.timeoutMs).toBe(2500);
  });

  it('refuse to start on half a setting or a malformed one, saying which', () => {
    expect(() => webhookSettings({ WEBHOOK_URL: 'https://example.com/h' })).toThrow(/WEBHOOK_SECRET is not/);
    expect(() => webhookSettings({ WEBHOOK_SECRET: SECRET })).toThrow(/WEBHOOK_URL is not/);
    expect(() => webhookSettings({ WEBHOOK_URL: 'example.com/h', WEBHOOK_SECRET: SECRET })).toThrow(/not a URL/);
    expect(() => webhookSettings({ WEBHOOK_URL: 'ftp://example.com/h', WEBHOOK_SECRET: SECRET })).toThrow(/https/);
    expect(() => webhookSettings({ WEBHOOK_URL: 'https://user:pw@example.com/h', WEBHOOK_SECRET: SECRET })).toThrow(/user name/);
    expect(() => webhookSettings({ WEBHOOK_URL: 'https://example.com/h', WEBHOOK_SECRET: 'secret' })).toThrow(/whsec_/);
    expect(() => webhookSettings({ WEBHOOK_URL: 'https://example.com/h', WEBHOOK_SECRET: `whsec_${randomBytes(8).toString('base64')}` })).toThrow(
      /24 random bytes/,
    );
    expect(() => webhookSettings({ WEBHOOK_URL: 'https://example.com/h', WEBHOOK_SECRET: SECRET, WEBHOOK_TIMEOUT_MS: '10s' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });

  it('tell a plain-text URL to another machine from one on this machine', () => {
    expect(isPlainTextToAnotherMachine(new URL('http://crm.example.com/h'))).toBe(true);
    expect(isPlainTextToAnotherMachine(new URL('http://127.0.0.1:5678/h'))).toBe(false);
    expect(isPlainTextToAnotherMachine(new URL('https://crm.example.com/h'))).toBe(false);
  });
});
