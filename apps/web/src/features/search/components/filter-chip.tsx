import { useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { OutlinedField } from './outlined-field';

interface FilterChipProps {
  /** What the chip filters by ('Mobile phone', 'User name'). */
  label: string;
  icon: ReactElement;
  value: string | undefined;
  /** Confirmed with Enter or the tick; a blank value clears the filter. */
  onApply: (value: string | undefined) => void;
  onClear: () => void;
  inputMode?: 'text' | 'tel';
  /** Checks a typed value (trimmed, not blank): the message to show under the input, null when it may be applied. */
  validate?: (value: string) => string | null;
  /** The form the value is applied in (e.g. a phone number without its spaces). */
  normalize?: (value: string) => string;
  testId: string;
}

/**
 * A search filter as a chip (§2): clicking it opens a small text input; Enter or the tick confirms and the chip
 * then shows its value; the chip's delete icon (or Backspace/Delete on the focused chip) clears it.
 */
export function FilterChip({ label, icon, value, onApply, onClear, inputMode = 'text', validate, normalize, testId }: FilterChipProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const chipRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  // The problem is shown once a value was offered (Enter or the tick), and follows the typing from then on.
  const [checked, setChecked] = useState(false);
  const problem = validate && draft.trim() ? validate(draft.trim()) : null;

  const openEditor = () => {
    setDraft(value ?? '');
    setChecked(false);
    setOpen(true);
  };
  const confirm = () => {
    if (problem) {
      setChecked(true);
      return;
    }
    setOpen(false);
    const trimmed = draft.trim();
    const applied = trimmed && normalize ? normalize(trimmed) : trimmed;
    if (applied !== (value ?? '')) onApply(applied || undefined);
  };
  const shownProblem = checked ? problem : null;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      confirm();
    }
  };

  return (
    <>
      <Chip
        ref={chipRef}
        icon={icon}
        label={value ? `${label}: ${value}` : label}
        color={value ? 'primary' : 'default'}
        variant={value ? 'filled' : 'outlined'}
        onClick={openEditor}
        onDelete={value ? onClear : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid={testId}
        sx={{ maxWidth: 320 }}
      />
      <Popover
        open={open}
        anchorEl={chipRef.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label, sx: { p: 1.5, mt: 0.5 } } }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <OutlinedField
            id={inputId}
            label={label}
            value={draft}
            autoFocus
            onChange={setDraft}
            onKeyDown={onKeyDown}
            error={Boolean(shownProblem)}
            helperText={shownProblem ?? undefined}
            sx={{ width: 240 }}
            htmlInput={{ inputMode, autoComplete: 'off', spellCheck: false }}
          />
          <IconButton color="primary" aria-label={t('supportSearch.applyFilter', { filter: label })} onClick={confirm}>
            <CheckIcon />
          </IconButton>
        </Stack>
      </Popover>
    </>
  );
}
