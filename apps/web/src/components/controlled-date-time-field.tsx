import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateTimeField, type DateTimeFieldProps } from './date-time-field';

type Wired = 'value' | 'onChange' | 'onBlur' | 'name' | 'inputRef' | 'error' | 'helperText';

export type ControlledDateTimeFieldProps<T extends FieldValues> = Omit<DateTimeFieldProps, Wired> & {
  control: Control<T>;
  name: FieldPath<T>;
  /** The field's validation message: marks the field as in error and shows the text. */
  errorMessage?: string | undefined;
  /** Shown when there is no error. */
  helperText?: ReactNode;
};

/** `DateTimeField` bound to a react-hook-form field ('YYYY-MM-DDTHH:mm' local string value). */
export function ControlledDateTimeField<T extends FieldValues>({
  control,
  name,
  errorMessage,
  helperText,
  ...rest
}: ControlledDateTimeFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <DateTimeField
          {...rest}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          inputRef={field.ref}
          error={Boolean(errorMessage)}
          helperText={errorMessage ?? helperText}
        />
      )}
    />
  );
}
