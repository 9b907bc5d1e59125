import { useRef, type ReactNode } from 'react';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type FilterFieldProps = Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange' | 'select' | 'children' | 'type'> & {
  value: string;
  /** Every keystroke: the list filters as the staff member types. */
  onChange: (value: string) => void;
  /** The accessible name of the clear button (translated), e.g. "Clear the filter". */
  clearLabel: string;
  /** The icon at the start (a magnifier unless given). */
  icon?: ReactNode;
};

/**
 * The filter above a list (issue 16, the console's UI kit): filters as the staff member types, a magnifier at the
 * start, a clear button while it holds text, Escape clears it (a drawer or dialog around it closes on the next Escape,
 * not on the one that cleared). Clearing puts the focus back in the field. No spell check or autocomplete:
 * the text is names, ids and registrations. Small by default; everything else is MUI's TextField.
 */
export function FilterField({ value, onChange, clearLabel, icon, size = 'small', slotProps, onKeyDown, ...props }: FilterFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const clear = () => {
    onChange('');
    input.current?.focus();
  };
  return (
    <TextField
      {...props}
      size={size}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Escape' && value !== '') {
          // The first Escape clears; only the next one reaches the drawer or dialog around the field (and closes it).
          event.preventDefault();
          event.stopPropagation();
          clear();
        }
      }}
      inputRef={input}
      autoComplete="off"
      slotProps={{
        ...slotProps,
        htmlInput: { spellCheck: false, ...slotProps?.htmlInput },
        input: {
          startAdornment: <InputAdornment position="start">{icon ?? <SearchIcon fontSize="small" aria-hidden />}</InputAdornment>,
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={clearLabel} onClick={clear}>
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
          ...slotProps?.input,
        },
      }}
    />
  );
}
