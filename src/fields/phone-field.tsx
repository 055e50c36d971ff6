import { useController, useFormContext, useWatch } from 'react-hook-form';
import { COUNTRY_PATH, PHONE_CODE_PATH, PHONE_NUMBER_PATH } from '../application/values/field-paths';
import type { PhoneFieldConfig } from '../application/rules/form-config-schema';
import { dialCodeForOptionValue, dialCodeOptionValue, dialCodesFor } from '../application/lookups/dial-codes';
import { FALLBACK_LOCALE, perLocale } from '../application/values/usable-locale';
import { useProgrammeForm } from '../form/programme-form-context';
import { describedBy, FieldHint } from './field-error';
import { fieldId } from './field-id';
import type { SelectOption } from './select-option';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { useMessages } from '../i18n/messages-context';

/** The code select's options in one language, and what it draws beside them. */
interface DialCodeOptions {
  options: readonly SelectOption[];
  flagByOptionValue: ReadonlyMap<string, string>;
  shortNameByOptionValue: ReadonlyMap<string, string>;
}

/** Made once per language: the list keeps one identity, so the search's cache lasts (filter-options.ts). */
const dialCodeOptionsFor = perLocale((locale): DialCodeOptions => {
  const dialCodes = dialCodesFor(locale);
  return {
    options: dialCodes.map((entry) => ({ name: entry.name, value: dialCodeOptionValue(entry) })),
    flagByOptionValue: new Map(dialCodes.map((entry) => [dialCodeOptionValue(entry), entry.flag])),
    // The closed box is narrow beside the number: it shows the country's two letters and the code
    // ("US +1", "GG +44-1481"), whole at any width; the list shows each country's full name.
    shortNameByOptionValue: new Map(dialCodes.map((entry) => [dialCodeOptionValue(entry), `${entry.isoCode2} +${entry.code}`])),
  };
});

/**
 * The option showing for a code: the entry of the chosen country when it has that code (so
 * Canada stays Canada though it shares +1), else the first country with the code in English
 * order, so that a draft shows the same country whatever the page's language.
 */
function optionValueFor(code: string, country: string): string | null {
  const dialCodes = dialCodesFor(FALLBACK_LOCALE);
  const exact = dialCodes.find((entry) => entry.code === code && entry.isoCode2 === country);
  const entry = exact ?? dialCodes.find((candidate) => candidate.code === code);
  return entry ? dialCodeOptionValue(entry) : null;
}

/** The phone number: a searchable country code with flags (United States +1 first) and the number itself. */
export function PhoneField({ field: config }: { field: PhoneFieldConfig }) {
  const { setValue } = useFormContext();
  const messages = useMessages();
  const { field, fieldState } = useController({ name: PHONE_CODE_PATH });
  const { options, flagByOptionValue, shortNameByOptionValue } = dialCodeOptionsFor(useProgrammeForm().locale);
  const country = useWatch({ name: COUNTRY_PATH }) as unknown;
  const code = typeof field.value === 'string' ? field.value : '';
  const groupId = fieldId('personalInfo.phone');
  return (
    <fieldset className="field-group phone" aria-describedby={describedBy(groupId, config.hint, undefined)}>
      <legend className="field-group__legend">{config.label}</legend>
      <FieldHint id={groupId} text={config.hint} />
      <div className="phone__parts">
        <div className="phone__code">
          <SelectField
            id={fieldId(PHONE_CODE_PATH)}
            label={config.countryCodeLabel ?? messages.text('countryCode')}
            options={options}
            value={optionValueFor(code, typeof country === 'string' ? country : '')}
            onChange={(value) => {
              const entry = value === null ? undefined : dialCodeForOptionValue(value);
              field.onChange(entry?.code ?? '');
              // Choosing a code sets the country to the country of that code (docs/product-rules.md §4).
              if (entry) setValue(COUNTRY_PATH, entry.isoCode2, { shouldDirty: true });
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            required
            inputRef={field.ref}
            renderOption={(option) => <span aria-hidden="true">{flagByOptionValue.get(option.value)}</span>}
            shownAs={(option) => shortNameByOptionValue.get(option.value) ?? option.name}
            dir="ltr"
          />
        </div>
        <div className="phone__number">
          <TextField
            name={PHONE_NUMBER_PATH}
            label={config.numberLabel ?? messages.text('phoneNumber')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            deps={[PHONE_CODE_PATH]}
            required
          />
        </div>
      </div>
    </fieldset>
  );
}
