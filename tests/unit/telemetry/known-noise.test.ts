import { describe, expect, it } from 'vitest';
import { isKnownNoise } from '../../../src/telemetry/known-noise';

function named(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('isKnownNoise', () => {
  it.each([
    named('QuotaExceededError', 'The quota has been exceeded.'),
    named('UnknownError', 'Internal error opening backing store for indexedDB.open.'),
    named('InvalidStateError', "Failed to execute 'transaction' on 'IDBDatabase': The database connection is closing."),
    named('AbortError', 'Connection to Indexed Database server lost. Refresh the page to try again'),
    named('SecurityError', 'Failed to register a ServiceWorker for scope'),
    named('TypeError', 'Failed to update a ServiceWorker for scope'),
    new TypeError('Failed to fetch'),
    new TypeError('Load failed'),
  ])('ignores %s', (error) => {
    expect(isKnownNoise(error)).toBe(true);
  });

  it.each([
    new TypeError("Cannot read properties of undefined (reading 'map')"),
    new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/form.js'),
    new Error('The configuration has no steps.'),
    undefined,
    { message: 'QuotaExceededError' },
  ])('reports %s', (error) => {
    expect(isKnownNoise(error)).toBe(false);
  });
});
