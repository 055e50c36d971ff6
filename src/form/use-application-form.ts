import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { buildApplicationSchema } from '../application/rules/application-schema';
import type { ApplicationValues } from '../application/values/application-values';
import { flattenApplication, type ApplicationBody } from '../application/body/flatten-application';
import { getPath, PLATFORMS_FILLED_PATH } from '../application/values/field-paths';
import type { ProgrammeForm } from '../application/rules/programme-form';
import { pathsOfStep, validateApplication } from '../application/rules/validate-application';
import { stepPassesQuickly } from '../application/rules/step-passes-quickly';
import { createPendingInputs } from './pending-inputs';

/**
 * The application's react-hook-form instance, validated by the schema built from the
 * configuration, with the two things the wizard asks of it: check a step, and give the body
 * to send (or null when the application is not valid and must not be sent).
 */
export function useApplicationForm(programme: ProgrammeForm, initialValues?: ApplicationValues) {
  const resolver = useMemo(() => zodResolver(buildApplicationSchema(programme.context)), [programme]);
  const form = useForm<ApplicationValues>({
    defaultValues: initialValues ?? programme.emptyValues,
    resolver,
    // Errors appear once a field is left (touched) or Continue is pressed, then follow each change.
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [pendingInputs] = useState(createPendingInputs);
  const [attempts, setAttempts] = useState(0);
  const { getFieldState, getValues, setValue, trigger } = form;

  /**
   * Says whether every field of the step is valid. A step that is (the usual press) passes at
   * once; otherwise every field of the step is marked touched and checked, and the errors show.
   */
  const validateStep = useCallback(
    async (step: number): Promise<boolean> => {
      // Files still being kept are not missing: the step is judged once they are in the answer.
      await pendingInputs.settled();
      pendingInputs.flushAll();
      // Touching and re-checking each field re-renders each: on a valid step that was most of
      // Continue's time, for nothing to show. Its fields are then touched on their first blur.
      const paths = pathsOfStep(getValues(), programme.context, step);
      if (paths.length === 0) return true;
      if (stepPassesQuickly(getValues(), programme.context, paths, (path) => getFieldState(path as Path<ApplicationValues>).invalid)) return true;
      for (const path of paths) {
        if (path === PLATFORMS_FILLED_PATH) continue;
        // Touching a field makes later edits re-check it as the creator types.
        const value = getPath(getValues(), path) ?? '';
        setValue(path as Path<ApplicationValues>, value as never, { shouldTouch: true });
      }
      const valid = await trigger(paths as Array<Path<ApplicationValues>>);
      if (!valid) setAttempts((count) => count + 1);
      return valid;
    },
    [getFieldState, getValues, pendingInputs, programme, setValue, trigger],
  );

  /** The body to send, after checking the whole application; null when it is not valid. */
  const bodyToSend = useCallback(async (): Promise<ApplicationBody | null> => {
    await pendingInputs.settled();
    pendingInputs.flushAll();
    if (!(await trigger())) return null;
    return flattenApplication(getValues(), programme.context.specs, programme.locale);
  }, [getValues, pendingInputs, programme, trigger]);

  /** The body the current answers make, checked without showing any error; null while they are not valid. */
  const currentBody = useCallback((): ApplicationBody | null => {
    const values = getValues();
    return validateApplication(values, programme.context).length === 0 ? flattenApplication(values, programme.context.specs, programme.locale) : null;
  }, [getValues, programme]);

  return { form, pendingInputs, validateStep, bodyToSend, currentBody, failedAttempts: attempts };
}
