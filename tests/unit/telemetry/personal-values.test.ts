import { afterEach, describe, expect, it } from 'vitest';
import { currentPersonalValues, registerFormValues } from '../../../src/telemetry/personal-values';

let unregister: () => void = () => undefined;

afterEach(() => {
  unregister();
});

describe("registerFormValues (the scrubbers' source)", () => {
  it("reads every string of the form's values and the text its fields still hold, only when asked", () => {
    let values: unknown = { personalInfo: { firstName: 'Ada', phone: { subscriber: '' } }, fields: { single: { pets: ['Cat'] } } };
    let shown = ['Lovel'];
    unregister = registerFormValues(
      () => values,
      () => shown,
    );
    values = { personalInfo: { firstName: 'Augusta Ada' } };
    shown = ['Lovelace'];
    expect(currentPersonalValues()).toEqual(['Augusta Ada', 'Lovelace']);
  });

  it('is forgotten once unregistered', () => {
    registerFormValues(
      () => ({ name: 'Ada' }),
      () => [],
    )();
    expect(currentPersonalValues()).toEqual([]);
  });
});
