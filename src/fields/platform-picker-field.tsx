import { useEffect, useRef } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { ApplicationValues } from '../application/values/application-values';
import { PLATFORMS_FILLED_PATH } from '../application/values/field-paths';
import type { PlatformsFieldConfig } from '../application/rules/form-config-schema';
import { addCard, changeCard, removeCard } from '../application/rules/platform-picker';
import { DEFAULT_PICKER_PLATFORMS, isPlatformKey, PLATFORM_LABELS, platformFields, type PlatformKey } from '../application/values/platforms';
import { usePendingInputs } from '../form/pending-inputs';
import { useProgrammeForm } from '../form/programme-form-context';
import { describedBy, FieldError, FieldHint } from './field-error';
import { fieldId } from './field-id';
import { TextField } from './text-field';
import { ChevronIcon } from './chevron-icon';
import type { MessageKey } from '../i18n/catalogue';
import { useMessages } from '../i18n/messages-context';
import { ConfigWords } from './config-words';

const FIELD_LABELS = { handle: 'handleLabel', followers: 'followersLabel', url: 'urlLabel', monthlyTraffic: 'trafficLabel' } as const satisfies Record<
  string,
  MessageKey
>;

/**
 * The platforms a creator publishes on, one card each: Add takes the next platform not yet on
 * a card, a card's platform can be switched, and Remove clears the card's values.
 */
export function PlatformPickerField({ field: config }: { field: PlatformsFieldConfig }) {
  const messages = useMessages();
  /** A platform by name: brands as they spell themselves, a website in the page's language. */
  const platformName = (platform: PlatformKey) => (platform === 'website' ? messages.text('website') : PLATFORM_LABELS[platform]);
  const { getValues, setValue, trigger } = useFormContext<ApplicationValues>();
  const { requiredPlatforms } = useProgrammeForm().context;
  const watched = useWatch<ApplicationValues, 'platformCards'>({ name: 'platformCards' });
  const cards = (Array.isArray(watched) ? watched : []).filter(isPlatformKey);
  const { errors } = useFormState<ApplicationValues>({ name: 'platforms' });
  const filledError = (errors.platforms as { filled?: { message?: string } } | undefined)?.filled?.message;
  const offered = config.platforms ?? DEFAULT_PICKER_PLATFORMS;
  const pickerRef = useRef<HTMLFieldSetElement>(null);
  const id = fieldId(PLATFORMS_FILLED_PATH);

  // Once "Fill at least one platform" shows, it follows every change until it is met.
  const typed = useWatch<ApplicationValues, 'platforms'>({ name: 'platforms' });
  useEffect(() => {
    if (filledError) void trigger(PLATFORMS_FILLED_PATH as 'platforms');
  }, [typed, filledError, trigger]);

  const pendingInputs = usePendingInputs();

  /** Reads the platforms with every keystroke delivered, so a switch or removal sees all that was typed. */
  function typedPlatforms(): ApplicationValues['platforms'] {
    pendingInputs.flushAll();
    return getValues('platforms');
  }

  function update(next: { cards: PlatformKey[]; platforms?: ApplicationValues['platforms'] }): void {
    if (next.platforms) setValue('platforms', next.platforms, { shouldDirty: true });
    setValue('platformCards', next.cards, { shouldDirty: true });
  }

  function focusLater(selector: string): void {
    requestAnimationFrame(() => pickerRef.current?.querySelector<HTMLElement>(selector)?.focus());
  }

  return (
    <fieldset className="field-group platforms" ref={pickerRef} aria-describedby={describedBy(id, config.hint, filledError)}>
      <legend className="field-group__legend">
        <ConfigWords text={config.label} />
      </legend>
      <FieldHint id={id} text={config.hint} />
      {cards.map((platform, index) => {
        const cardId = `platform-card-${String(index)}`;
        const choices = offered.filter((key) => key === platform || !cards.includes(key));
        const required = requiredPlatforms.includes(platform);
        return (
          <div key={platform} className="platform-card" role="group" aria-label={platformName(platform)}>
            <div className="platform-card__header">
              <label className="field__label" htmlFor={`${cardId}-platform`}>
                {messages.text('platformLabel')}
              </label>
              <span className="platform-card__choice">
                <select
                  id={`${cardId}-platform`}
                  className="field__input platform-card__select"
                  value={platform}
                  disabled={required}
                  onChange={(event) => {
                    const next = event.target.value;
                    if (!isPlatformKey(next)) return;
                    update(changeCard(cards, typedPlatforms(), index, next));
                    focusLater(`#${cardId}-platform`);
                  }}
                >
                  {choices.map((key) => (
                    <option key={key} value={key}>
                      {platformName(key)}
                    </option>
                  ))}
                </select>
                {/* A required platform's card cannot change platform: no chevron promising a list. */}
                {required ? null : <ChevronIcon className="platform-card__chevron" />}
              </span>
              {required ? null : (
                <button
                  type="button"
                  className="button button--link platform-card__remove"
                  onClick={() => {
                    update(removeCard(cards, typedPlatforms(), index));
                    focusLater('.platforms__add');
                  }}
                >
                  {messages.text('removeCard')}
                </button>
              )}
            </div>
            <div className="platform-card__fields">
              {platformFields(platform).map((part) => (
                <TextField
                  key={part}
                  name={`platforms.${platform}.${part}`}
                  label={messages.text(FIELD_LABELS[part])}
                  type={part === 'url' ? 'url' : 'text'}
                  inputMode={part === 'followers' || part === 'monthlyTraffic' ? 'numeric' : undefined}
                  autoComplete="off"
                  required={required}
                />
              ))}
            </div>
          </div>
        );
      })}
      {cards.length < offered.length ? (
        <button
          type="button"
          className="button button--secondary platforms__add"
          onClick={() => {
            update({ cards: addCard(cards, offered) });
            focusLater(`#platform-card-${String(cards.length)}-platform`);
          }}
        >
          {config.addButtonText ?? messages.text('addPlatform')}
        </button>
      ) : null}
      <FieldError id={`${id}-error`} message={filledError} />
    </fieldset>
  );
}
