import { useMemo } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZEventRole, ZEventTypeGroup, eventSearchDefaultGroups, isoToWallClock, wallClockToMs, type EventTypeGroup } from '@fleetdesk/contract';
import { ControlledDateTimeField } from '@/components/controlled-date-time-field';
import { ViewsControl } from '@/features/saved-views';
import { EVENT_TYPE_GROUPS, searchOfSubmit, type EventLogSearch } from '../event-log-search';

/** The form edits wall-clock times in the operator's zone, as the result list shows them (decision 0065). */
const toWallClock = (iso: string, timeZone: string): string => isoToWallClock(iso, timeZone);
const fromWallClock = (value: string, timeZone: string): string | null => {
  const ms = wallClockToMs(value, timeZone);
  return ms === null ? null : new Date(ms).toISOString();
};

const ZEventSearchForm = z
  .object({
    vin: z.string(),
    bid: z.string(),
    user: z.string(),
    role: ZEventRole,
    groups: z.array(ZEventTypeGroup),
    startDate: z.string(),
    endDate: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.vin.trim() && !values.bid.trim() && !values.user.trim()) {
      ctx.addIssue({ code: 'custom', path: ['vin'], message: 'subjectRequired' });
    }
    // Two wall-clock times of one zone are in the same order as their instants: compared as if in UTC.
    const start = wallClockToMs(values.startDate, 'UTC');
    const end = wallClockToMs(values.endDate, 'UTC');
    if (start !== null && end !== null && end <= start) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'periodInvalid' });
    }
  });
type EventSearchFormValues = z.infer<typeof ZEventSearchForm>;

export interface EventSearchFormProps {
  search: EventLogSearch;
  /** The groups and the period in effect (the URL's, or the §5 defaults). */
  groups: readonly EventTypeGroup[];
  period: { startDate: string; endDate: string } | null;
  onSubmit: (next: EventLogSearch) => void;
  /** The operator's zone, in which the period is edited. */
  timeZone: string;
}

/** The §5 event search form: vin, bid or user; the actor radios (with a user); the type groups; the period. */
export function EventSearchForm({ search, groups, period, onSubmit, timeZone }: EventSearchFormProps) {
  const { t } = useTranslation();
  const defaultValues = useMemo<EventSearchFormValues>(
    () => ({
      vin: search.vin ?? '',
      bid: search.bid ?? '',
      user: search.user ?? '',
      role: search.role ?? 'BOTH',
      groups: [...groups],
      startDate: period ? toWallClock(period.startDate, timeZone) : '',
      endDate: period ? toWallClock(period.endDate, timeZone) : '',
    }),
    [search, groups, period, timeZone],
  );
  const { control, register, handleSubmit, formState, setValue } = useForm<EventSearchFormValues>({
    resolver: zodResolver(ZEventSearchForm),
    defaultValues,
  });
  const user = useWatch({ control, name: 'user' });
  const vin = useWatch({ control, name: 'vin' });
  const hasUser = user.trim() !== '';
  const { errors, dirtyFields } = formState;
  const groupsChanged = Boolean(dirtyFields.groups) || search.groups !== undefined;

  const submit = handleSubmit((values) => {
    const keepDate = (key: 'startDate' | 'endDate') => (dirtyFields[key] ? fromWallClock(values[key], timeZone) : (search[key] ?? null));
    onSubmit(
      searchOfSubmit(
        { ...values, groupsChanged, startDate: keepDate('startDate'), endDate: keepDate('endDate') },
        { view: search.view, pageSize: search.pageSize },
      ),
    );
  });

  const subjectError = errors.vin?.message === 'subjectRequired';
  const resetGroups = () => setValue('groups', eventSearchDefaultGroups(vin.trim() !== ''), { shouldDirty: true });

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('eventLog.form.label')}
      sx={{ p: 2 }}
    >
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          <TextField
            size="small"
            label={t('eventLog.form.vin')}
            {...register('vin')}
            error={subjectError}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <TextField
            size="small"
            label={t('eventLog.form.bid')}
            {...register('bid')}
            error={subjectError}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <TextField
            size="small"
            label={t('eventLog.form.user')}
            {...register('user')}
            error={subjectError}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        </Box>
        {subjectError && (
          <FormHelperText error role="alert" sx={{ mt: '4px !important' }}>
            {t('eventLog.form.subjectRequired')}
          </FormHelperText>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'auto 1fr' }, alignItems: 'start' }}>
          <FormControl disabled={!hasUser}>
            <FormLabel id="event-actor-label" sx={{ typography: 'body2' }}>
              {t('eventLog.form.actor')}
            </FormLabel>
            <Controller
              name="role"
              control={control}
              render={({ field }) => (
                <RadioGroup row aria-labelledby="event-actor-label" value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                  {ZEventRole.options.map((role) => (
                    <FormControlLabel key={role} value={role} control={<Radio size="small" />} label={t(`eventLog.form.role.${role}`)} />
                  ))}
                </RadioGroup>
              )}
            />
            {!hasUser && <FormHelperText sx={{ mx: 0, mt: 0 }}>{t('eventLog.form.actorDisabled')}</FormHelperText>}
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend" sx={{ typography: 'body2' }}>
              {t('eventLog.form.groups')}
            </FormLabel>
            <Controller
              name="groups"
              control={control}
              render={({ field }) => (
                <FormGroup row>
                  {EVENT_TYPE_GROUPS.map((group) => (
                    <FormControlLabel
                      key={group}
                      label={t(`eventLog.group.${group}`)}
                      control={
                        <Checkbox
                          size="small"
                          checked={field.value.includes(group)}
                          onChange={(event) =>
                            field.onChange(event.target.checked ? [...field.value, group] : field.value.filter((g) => g !== group))
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
              )}
            />
          </FormControl>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ width: { sm: 230 } }}>
            <ControlledDateTimeField control={control} name="startDate" label={t('eventLog.form.from')} />
          </Box>
          <Box sx={{ width: { sm: 230 } }}>
            <ControlledDateTimeField
              control={control}
              name="endDate"
              label={t('eventLog.form.to')}
              errorMessage={errors.endDate ? t('eventLog.form.periodInvalid') : undefined}
            />
          </Box>
          <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto !important' }, pt: { sm: 0.5 }, alignItems: 'center' }}>
            <ViewsControl screen="eventLog" />
            <Button onClick={resetGroups}>{t('eventLog.form.reset')}</Button>
            <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
              {t('eventLog.form.search')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
