import * as z from 'zod/mini';
import type { ApplicationValues } from '../values/application-values';
import { validateApplication, type ValidationContext } from './validate-application';

/**
 * The application's zod schema, built from the programme's configuration. It is the one source
 * of truth for field errors (through react-hook-form's zod resolver), for Continue's step
 * validation and for the check before sending: an application it rejects is never sent.
 */
export function buildApplicationSchema(context: ValidationContext) {
  return z
    .custom<ApplicationValues>((value: unknown) => typeof value === 'object' && value !== null, 'expected an application')
    .check(
      z.superRefine((values: ApplicationValues, ctx) => {
        for (const issue of validateApplication(values, context)) {
          ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message, input: values });
        }
      }),
    );
}

export type ApplicationSchema = ReturnType<typeof buildApplicationSchema>;
