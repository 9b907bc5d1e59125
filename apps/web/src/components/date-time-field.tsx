import type { ReactNode, Ref } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DATE_TIME_FORMAT } from '@fleetdesk/contract';
import { useLanguage } from '@/lib/i18n/i18n';
import { DAYJS_LOCALES, PICKER_LOCALE_TEXT } from './picker-locale';
import { useDeferredPickerValue } from './use-deferred-picker-value';

dayjs.extend(utc);

/**
 * The value shape of the field: the wall-clock text of `<input type="datetime-local">`
 * ('YYYY-MM-DDTHH:mm', '' for none). The callers give it its time zone (the operator's, or the browser's).
 */
const VALUE_FORMAT = 'YYYY-MM-DDTHH:mm';

/**
 * The picker edits the wall clock in UTC, which has no daylight-saving gaps: every wall-clock time the
 * staff type round-trips unchanged, whichever zone the browser runs in.
 */
const PICKER_TIME_ZONE = 'UTC';

/** A value of the field as a picker value; null when blank or malformed. */
function toPickerValue(value: string | undefined): Dayjs | null {
  if (!value) return null;
  const date = dayjs.utc(value, VALUE_FORMAT, true);
  return date.isValid() ? date : null;
}

export interface DateTimeFieldProps {
  label: string;
  /** The wall-clock time, 'YYYY-MM-DDTHH:mm'; '' for none. */
  value: string;
  /** Gets the wall-clock time, 'YYYY-MM-DDTHH:mm'; '' when cleared or while the typed text is not a complete, valid time. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The earliest selectable time, 'YYYY-MM-DDTHH:mm'. */
  min?: string;
  /** The latest selectable time, 'YYYY-MM-DDTHH:mm'. */
  max?: string;
  /** Only minutes that are a multiple of this are valid, and the picker lists them; any minute (listed by 5) unless given. */
  minutesStep?: number;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Extra props of the helper text, e.g. an id that others point at, or role="alert". */
  helperTextProps?: { id?: string; role?: string };
  fullWidth?: boolean;
}

/**
 * A date and time field with a picker, always formatted 'YYYY-MM-DD HH:mm' (24 h) whatever the browser's
 * locale (§9). Typed section by section from the keyboard, or chosen in the calendar and the clock.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  min,
  max,
  minutesStep,
  required,
  disabled,
  error,
  helperText,
  helperTextProps,
  fullWidth = true,
}: DateTimeFieldProps) {
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
    format: VALUE_FORMAT,
  });
  const minDateTime = toPickerValue(min) ?? undefined;
  const maxDateTime = toPickerValue(max) ?? undefined;
  // The pickers' day.js adapter, with the UI language for the names of months and days and the first day of the week,
  // is provided here rather than for the whole app: the picker library loads with the screens that have a field.
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALES[language]} localeText={PICKER_LOCALE_TEXT[language]}>
      <DateTimePicker
        label={label}
        value={date}
        onChange={handleChange}
        timezone={PICKER_TIME_ZONE}
        format={DATE_TIME_FORMAT}
        ampm={false}
        minutesStep={minutesStep}
        timeSteps={{ minutes: minutesStep ?? 5 }}
        minDateTime={minDateTime}
        maxDateTime={maxDateTime}
        disabled={disabled}
        name={name}
        inputRef={fieldInputRef}
        slotProps={{
          textField: {
            required,
            fullWidth,
            error,
            helperText,
            ...textFieldHandlers,
            slotProps: { formHelperText: helperTextProps },
          },
        }}
      />
    </LocalizationProvider>
  );
}
