import { useMemo, useState } from 'react'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import {
  type CountryCode,
  countryOptions,
  DEFAULT_COUNTRY,
  isCountryCode,
  type PhoneValue,
  parsePhone,
} from '@/lib/phone'
import { usePhoneFormat } from '@/lib/phone-format'

export interface PhoneInputProps {
  /** Visible label of the number field, e.g. "Destination". */
  label: string
  /** Called on every change with the E.164 number to send, or why there is none. */
  onChange: (value: PhoneValue) => void
  /** An error to show now (a failed submit, or the API's field error); wins over the field's own. */
  error?: string | null
  /**
   * Announce that error as an alert when it appears. For forms with no summary of
   * their own; a form that announces its errors elsewhere leaves it off.
   */
  announceError?: boolean
  defaultValue?: string
  /** Show the default value's own error at once: a number that arrived filled in (a link) is not being typed. */
  checkDefaultValue?: boolean
  defaultCountry?: CountryCode
  /** Label of the country select; change it when two phone inputs share a page. */
  countryLabel?: string
  /** Text before the number in the preview line. */
  previewPrefix?: string
  id?: string
  name?: string
  disabled?: boolean
  required?: boolean
  className?: string
}

/**
 * A phone number field with a country for national numbers. It shows the
 * E.164 number it will send, and its own error once the person leaves the
 * field, so half-typed numbers are not flagged while typing.
 */
export function PhoneInput({
  label,
  onChange,
  error,
  announceError = false,
  defaultValue = '',
  checkDefaultValue = false,
  defaultCountry = DEFAULT_COUNTRY,
  countryLabel = 'Country',
  previewPrefix = 'Will dial',
  id,
  name,
  disabled,
  required,
  className,
}: PhoneInputProps) {
  const formatPhone = usePhoneFormat()
  const [text, setText] = useState(defaultValue)
  const [country, setCountry] = useState<CountryCode>(defaultCountry)
  const [touched, setTouched] = useState(checkDefaultValue && defaultValue !== '')
  // The same elements every render, so React skips 245 options on each keystroke.
  const countryOptionElements = useMemo(
    () =>
      countryOptions().map((option) => (
        <option key={option.code} value={option.code}>
          {option.name} (+{option.callingCode})
        </option>
      )),
    [],
  )
  const value = parsePhone(text, country)
  const shownError = error ?? (touched ? value.error : null)

  function update(nextText: string, nextCountry: CountryCode) {
    setText(nextText)
    setCountry(nextCountry)
    onChange(parsePhone(nextText, nextCountry))
  }

  return (
    <Field
      id={id}
      label={label}
      error={shownError}
      announceError={announceError && Boolean(error)}
      className={className}
      // Not live: it changes on every keystroke. The error is what is announced.
      hint={
        value.e164
          ? `${previewPrefix} ${formatPhone(value.e164)}`
          : 'Type the number as you would dial it, or start with + and the country code.'
      }
    >
      {(control) => (
        <div className="flex gap-2">
          <Select
            aria-label={countryLabel}
            value={country}
            disabled={disabled}
            onChange={(event) => {
              if (isCountryCode(event.target.value)) update(text, event.target.value)
            }}
            className="w-44 shrink-0"
          >
            {countryOptionElements}
          </Select>
          <Input
            {...control}
            name={name}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={text}
            disabled={disabled}
            required={required}
            onChange={(event) => update(event.target.value, country)}
            onBlur={(event) => {
              // Leaving for a submit button: the form reports errors itself, and a message
              // appearing now would move the button between mousedown and click.
              const next = event.relatedTarget
              if (!(next instanceof HTMLButtonElement && next.type === 'submit')) setTouched(true)
            }}
            className="min-w-0 flex-1"
          />
        </div>
      )}
    </Field>
  )
}
