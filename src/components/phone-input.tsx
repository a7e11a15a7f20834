import { useId, useMemo, useState } from 'react'
import { cn } from '@/lib/cn'
import {
  type CountryCode,
  countryOptions,
  DEFAULT_COUNTRY,
  isCountryCode,
  type PhoneValue,
  parsePhone,
} from '@/lib/phone'

export type { PhoneValue }

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

const fieldClass =
  'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900 aria-invalid:border-red-600 dark:aria-invalid:border-red-400'

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
  defaultCountry = DEFAULT_COUNTRY,
  countryLabel = 'Country',
  previewPrefix = 'Will dial',
  id,
  name,
  disabled,
  required,
  className,
}: PhoneInputProps) {
  const generatedId = useId()
  const inputId = id ?? `phone-${generatedId}`
  const [text, setText] = useState(defaultValue)
  const [country, setCountry] = useState<CountryCode>(defaultCountry)
  const [touched, setTouched] = useState(false)
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

  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <select
          aria-label={countryLabel}
          value={country}
          disabled={disabled}
          onChange={(event) => {
            if (isCountryCode(event.target.value)) update(text, event.target.value)
          }}
          className={cn(fieldClass, 'w-44 shrink-0')}
        >
          {countryOptionElements}
        </select>
        <input
          id={inputId}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={text}
          disabled={disabled}
          required={required}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => update(event.target.value, country)}
          onBlur={(event) => {
            // Leaving for a submit button: the form reports errors itself, and a message
            // appearing now would move the button between mousedown and click.
            const next = event.relatedTarget
            if (!(next instanceof HTMLButtonElement && next.type === 'submit')) setTouched(true)
          }}
          className={cn(fieldClass, 'min-w-0 flex-1')}
        />
      </div>
      {/* Not live: it changes on every keystroke. The error is what is announced. */}
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        {value.e164
          ? `${previewPrefix} ${value.e164}`
          : 'Type the number as you would dial it, or start with + and the country code.'}
      </p>
      {shownError && (
        <p
          id={errorId}
          role={announceError && error ? 'alert' : undefined}
          className="text-sm text-red-700 dark:text-red-400"
        >
          {shownError}
        </p>
      )}
    </div>
  )
}
