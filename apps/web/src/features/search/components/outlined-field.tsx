import { useId, type ComponentProps, type KeyboardEventHandler, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

interface OutlinedFieldProps {
  id?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: KeyboardEventHandler;
  placeholder?: string;
  autoFocus?: boolean;
  /** The label always above the field (TextField's `slotProps.inputLabel.shrink`). */
  shrinkLabel?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Attributes of the `<input>` (TextField's `slotProps.htmlInput`). */
  htmlInput?: ComponentProps<'input'> & Record<`data-${string}`, string>;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * MUI's outlined TextField, put together from the parts it renders (FormControl, InputLabel, OutlinedInput,
 * FormHelperText) with the same markup, ids and ARIA wiring, full width like the theme's TextField. TextField itself imports Select, NativeSelect and the
 * filled and standard inputs, some 6 kB gzipped that /support's first load never uses (issue 15).
 */
export function OutlinedField({
  id: givenId,
  label,
  value,
  onChange,
  onKeyDown,
  placeholder,
  autoFocus,
  shrinkLabel,
  error = false,
  helperText,
  inputRef,
  htmlInput,
  startAdornment,
  endAdornment,
  sx,
}: OutlinedFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const labelId = `${id}-label`;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" variant="outlined" fullWidth error={error} sx={sx}>
      <InputLabel htmlFor={id} id={labelId} shrink={shrinkLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        notched={shrinkLabel}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        autoFocus={autoFocus}
        inputRef={inputRef}
        inputProps={htmlInput}
        aria-describedby={helperTextId}
        startAdornment={startAdornment}
        endAdornment={endAdornment}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
