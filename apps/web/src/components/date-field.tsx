import type { ReactNode, Ref } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DATE_FORMAT } from '@fleetdesk/contract';
import { useLanguage } from '@/lib/i18n/i18n';
import { DAYJS_LOCALES, PICKER_LOCALE_TEXT } from './picker-locale';
import { useDeferredPickerValue } from './use-deferred-picker-value';

dayjs.extend(utc);

/** The earliest year a day can have here (the server's dates start in 1900). */
const MIN_YEAR = 1900;

/** A day as text, 'YYYY-MM-DD' (the value shape of `<input type="date">`), as a picker value; null when blank or malformed. */
function toPickerValue(value: string | undefined): Dayjs | null {
  if (!value) return null;
  const date = dayjs.utc(value, DATE_FORMAT, true);
  return date.isValid() ? date : null;
}

export interface DateFieldProps {
  label: string;
  /** The day, 'YYYY-MM-DD'; '' for none. */
  value: string;
  /** Gets the day, 'YYYY-MM-DD'; '' when cleared or while the typed text is not a complete, valid day. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The earliest selectable day, 'YYYY-MM-DD'. */
  min?: string;
  /** The latest selectable day, 'YYYY-MM-DD'. */
  max?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** The field's width where it is not full width (sx width). */
  width?: number | Record<string, number | string>;
}

/**
 * A date field with a calendar, always formatted 'YYYY-MM-DD' whatever the browser's locale (§9), with the picker's
 * labels and the calendar's month and day names in the UI language. Replaces `<input type="date">`, which shows the
 * browser's format (11/26/2026) and its own language (issue 17). Works on the day only: no time zone is involved.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  min,
  max,
  required,
  disabled,
  error,
  helperText,
  size,
  fullWidth,
  width,
}: DateFieldProps) {
  const language = useLanguage();
  const {
    date,
    handleChange,
    textFieldHandlers,
    inputRef: fieldInputRef,
  } = useDeferredPickerValue({
    inputRef,
    value,
    onChange,
    onBlur,
    parse: toPickerValue,
    format: DATE_FORMAT,
    isIncomplete: (day) => !day.isValid() || day.year() < MIN_YEAR,
  });
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALES[language]} localeText={PICKER_LOCALE_TEXT[language]}>
      <DatePicker
        label={label}
        value={date}
        onChange={handleChange}
        timezone="UTC"
        format={DATE_FORMAT}
        minDate={toPickerValue(min) ?? undefined}
        maxDate={toPickerValue(max) ?? undefined}
        disabled={disabled}
        name={name}
        inputRef={fieldInputRef}
        slotProps={{
          textField: {
            required,
            fullWidth,
            error,
            helperText,
            size,
            ...textFieldHandlers,
            sx: width === undefined ? undefined : { width },
          },
          field: { clearable: !required },
        }}
      />
    </LocalizationProvider>
  );
}
