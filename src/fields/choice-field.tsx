import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useController } from 'react-hook-form';
import { isRequired } from '../application/rules/field-specs';
import type { SelectFieldConfig } from '../application/rules/form-config-schema';
import { canadianProvincesFor } from '../application/lookups/canadian-provinces';
import { countriesFor } from '../application/lookups/countries';
import { usStates } from '../application/lookups/us-states';
import { usePendingInputs } from '../form/pending-inputs';
import { useProgrammeForm } from '../form/programme-form-context';
import { fieldId } from './field-id';
import { MultiSelectField } from './multi-select-field';
import type { SelectOption } from './select-option';
import { SelectField } from './select-field';

/** A configured list's options; a built-in list is named and sorted in the page's language, its values the same codes in all. */
function optionsOf(options: SelectFieldConfig['options'], locale: string): readonly SelectOption[] {
  switch (options) {
    case 'countries':
      return countriesFor(locale).map((country) => ({ name: country.country, value: country.isoCode2 }));
    case 'usStates':
      // The USPS names are the states' own in every language the programme offers.
      return usStates.map((state) => ({ name: state.name, value: state.code }));
    case 'canadianProvinces':
      return canadianProvincesFor(locale).map((province) => ({ name: province.name, value: province.code }));
    default:
      return options;
  }
}

/** A configured select, single or multiple, bound to the form. */
export function ChoiceField({ field: config }: { field: SelectFieldConfig }) {
  const { field, fieldState } = useController({ name: config.path });
  const { locale } = useProgrammeForm();
  // One list per render would make the search's cache (filter-options.ts) start over each time.
  const options = useMemo(() => optionsOf(config.options, locale), [config.options, locale]);
  const pending = usePendingInputs();
  const box = useRef<HTMLInputElement | null>(null);
  // A choice reaches the form at once (nothing to deliver), but the box shows a name or a
  // search the telemetry scrubbers must know as typed.
  useEffect(
    () =>
      pending.add(
        () => undefined,
        () => box.current?.value,
      ),
    [pending],
  );
  const registerRef = field.ref;
  const inputRef = useCallback(
    (node: HTMLInputElement | null) => {
      box.current = node;
      registerRef(node);
    },
    [registerRef],
  );
  const shared = {
    id: fieldId(config.path),
    label: config.label,
    options,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
    hint: config.hint,
    required: isRequired(config),
    inputRef,
    ...(config.autoComplete ? { autoComplete: config.autoComplete } : {}),
  };
  if (config.multiple) {
    const values = Array.isArray(field.value) ? (field.value as string[]) : [];
    return <MultiSelectField {...shared} value={values} onChange={field.onChange} {...(config.max ? { max: config.max } : {})} />;
  }
  return (
    <SelectField
      {...shared}
      value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
      onChange={(value) => {
        field.onChange(value ?? '');
      }}
    />
  );
}
