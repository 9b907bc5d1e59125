import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { UsablePool } from '@fleetdesk/contract';

/** A pool as the form names it: the pool, and an asterisk when the user has no direct access to it (§5). */
export const poolLabel = (pool: Pick<UsablePool, 'pool' | 'directAccess'>): string => (pool.directAccess ? pool.pool : `${pool.pool} *`);

interface PoolFieldProps {
  label: string;
  pools: readonly UsablePool[];
  value: number | null;
  onChange: (poolId: number | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  loading?: boolean;
  required?: boolean;
  error?: string;
  helperText?: string;
  loadingText: string;
  noOptionsText: string;
}

/** A pool from the user's usable pools, grouped by city and searchable by typing. */
export function PoolField({
  label,
  pools,
  value,
  onChange,
  onBlur,
  disabled,
  loading,
  required,
  error,
  helperText,
  loadingText,
  noOptionsText,
}: PoolFieldProps) {
  const options = useMemo(() => [...pools].sort((a, b) => a.city.localeCompare(b.city) || a.pool.localeCompare(b.pool)), [pools]);
  const selected = options.find((pool) => pool.poolId === value) ?? null;

  return (
    <Autocomplete<UsablePool>
      value={selected}
      onChange={(_event, pool) => onChange(pool?.poolId ?? null)}
      options={options}
      groupBy={(pool) => pool.city}
      getOptionLabel={poolLabel}
      isOptionEqualToValue={(option, chosen) => option.poolId === chosen.poolId}
      disabled={disabled}
      loading={loading}
      loadingText={loadingText}
      noOptionsText={noOptionsText}
      onBlur={onBlur}
      autoHighlight
      renderInput={(params) => <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error ?? helperText} />}
    />
  );
}
