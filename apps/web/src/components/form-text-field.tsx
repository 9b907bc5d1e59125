import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessageText } from '@/lib/forms/field-message-text';

export type FormTextFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TContext = unknown, TTransformed = TValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'select' | 'children'
> & {
  /** The form's `control` (react-hook-form). */
  control: Control<TValues, TContext, TTransformed>;
  name: TName;
  /**
   * How an error on the field reads. By default a message of the contract's schemas (the form's own validation) is
   * worded in the staff member's language with `fieldMessageText`; a message already translated (the form's resolver,
   * `applyServerErrors` with `t`) is shown as it is.
   */
  errorText?: (message: string, value: unknown) => string;
};

/**
 * A text field of a form (issue 16, the console's UI kit): bound to one react-hook-form field by name — its value,
 * change and blur, and its ref, so `setError(..., { shouldFocus })` and `applyServerErrors` reach it — with the field's
 * error, in the staff member's language, in place of the helper text while there is one, and `aria-invalid` on the
 * input. Everything else is MUI's TextField (label, required, multiline, adornments through `slotProps`), full width.
 */
export function FormTextField<TValues extends FieldValues, TName extends FieldPath<TValues>, TContext = unknown, TTransformed = TValues>({
  control,
  name,
  errorText,
  helperText,
  fullWidth = true,
  ...props
}: FormTextFieldProps<TValues, TName, TContext, TTransformed>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<TValues, TName, TTransformed>({ control, name });
  const message = fieldState.error?.message;
  const shown = message ? (errorText ? errorText(message, field.value) : fieldMessageText(message, field.value, t)) : undefined;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      fullWidth={fullWidth}
      error={Boolean(fieldState.error)}
      helperText={shown ?? helperText}
    />
  );
}
