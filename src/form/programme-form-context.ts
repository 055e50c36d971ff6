import { createContext, useContext } from 'react';
import type { ProgrammeForm } from '../application/rules/programme-form';

/** The programme's form rules, for fields that need more than their own config (required platforms). */
export const ProgrammeFormContext = createContext<ProgrammeForm | null>(null);

export function useProgrammeForm(): ProgrammeForm {
  const programme = useContext(ProgrammeFormContext);
  if (!programme) throw new Error('useProgrammeForm needs a ProgrammeFormContext provider.');
  return programme;
}
