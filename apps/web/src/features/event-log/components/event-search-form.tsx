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
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  EVENT_SEARCH_UNSCOPED_MAX_DAYS,
  ZEventRole,
  ZEventTypeGroup,
  eventSearchDefaultGroups,
  eventSearchIsRunnable,
  eventSearchLastHoursPeriod,
  eventSearchPeriodTooLong,
  isoToWallClock,
  wallClockToMs,
  type EventTypeGroup,
} from '@fleetdesk/contract';
import { ControlledDateTimeField } from '@/components/controlled-date-time-field';
import { ViewsControl } from '@/features/saved-views';
import { EVENT_LOG_LAST_HOURS_CHOICES, EVENT_TYPE_GROUPS, searchOfSubmit, type EventLogSearch } from '../event-log-search';

/** The form edits wall-clock times in the operator's zone, as the result list shows them (decision 0065). */
const toWallClock = (iso: string, timeZone: string): string => isoToWallClock(iso, timeZone);
const fromWallClock = (value: string, timeZone: string): string | null => {
  const ms = wallClockToMs(value, timeZone);
  return ms === null ? null : new Date(ms).toISOString();
};

/** The period select's value for "the dates below" (else a number of hours). */
const DATES = 'dates';

/** The form's rules are the API's (the contract's): a subject or failed commands; a bounded period without a subject. */
const eventSearchFormSchema = (timeZone: string) =>
  z
    .object({
      vin: z.string(),
      bid: z.string(),
      user: z.string(),
      role: ZEventRole,
      failedCommands: z.boolean(),
      groups: z.array(ZEventTypeGroup),
      period: z.string(),
      startDate: z.string(),
      endDate: z.string(),
    })
    .superRefine((values, ctx) => {
      const scope = { vin: values.vin.trim(), bid: values.bid.trim(), user: values.user.trim(), failedCommands: values.failedCommands };
      if (!eventSearchIsRunnable(scope)) ctx.addIssue({ code: 'custom', path: ['vin'], message: 'subjectRequired' });
      // A relative period is counted from the moment of the search: the dates do not apply.
      if (values.period !== DATES) return;
      const start = wallClockToMs(values.startDate, timeZone);
      const end = wallClockToMs(values.endDate, timeZone);
      if (start === null || end === null) return;
      if (end <= start) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'periodInvalid' });
      else if (eventSearchPeriodTooLong(scope, start, end)) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'periodTooLong' });
    });
type EventSearchFormValues = z.infer<ReturnType<typeof eventSearchFormSchema>>;

export interface EventSearchFormProps {
  search: EventLogSearch;
  /** The groups and the period in effect (the URL's, or the §5 defaults). */
  groups: readonly EventTypeGroup[];
  period: { startDate: string; endDate: string } | null;
  onSubmit: (next: EventLogSearch) => void;
  /** The operator's zone, in which the period is edited. */
  timeZone: string;
}

/** The relative periods offered: the form's choices, and the URL's own when it names another. */
const lastHoursChoices = (current: number | undefined): number[] =>
  current === undefined || (EVENT_LOG_LAST_HOURS_CHOICES as readonly number[]).includes(current)
    ? [...EVENT_LOG_LAST_HOURS_CHOICES]
    : [...EVENT_LOG_LAST_HOURS_CHOICES, current].sort((a, b) => a - b);

/**
 * The §5 event search form: vin, bid or user, or the failed commands of the operator; the actor radios (with a user);
 * the type groups; the period, as dates or the last hours up to the moment of the search.
 */
export function EventSearchForm({ search, groups, period, onSubmit, timeZone }: EventSearchFormProps) {
  const { t } = useTranslation();
  const defaultValues = useMemo<EventSearchFormValues>(
    () => ({
      vin: search.vin ?? '',
      bid: search.bid ?? '',
      user: search.user ?? '',
      role: search.role ?? 'BOTH',
      failedCommands: search.failedCommands === true,
      groups: [...groups],
      period: search.lastHours === undefined ? DATES : String(search.lastHours),
      startDate: period ? toWallClock(period.startDate, timeZone) : '',
      endDate: period ? toWallClock(period.endDate, timeZone) : '',
    }),
    [search, groups, period, timeZone],
  );
  const resolver = useMemo(() => zodResolver(eventSearchFormSchema(timeZone)), [timeZone]);
  const { control, register, handleSubmit, formState, setValue } = useForm<EventSearchFormValues>({ resolver, defaultValues });
  const user = useWatch({ control, name: 'user' });
  const vin = useWatch({ control, name: 'vin' });
  const failedCommands = useWatch({ control, name: 'failedCommands' });
  const periodChoice = useWatch({ control, name: 'period' });
  const relative = periodChoice !== DATES;
  const hasUser = user.trim() !== '';
  const { errors, dirtyFields } = formState;
  const groupsChanged = Boolean(dirtyFields.groups) || search.groups !== undefined;

  const submit = handleSubmit((values) => {
    // The dates shown are taken as typed once changed, or when they replace a relative period; else the URL's stay.
    const keepDate = (key: 'startDate' | 'endDate') =>
      dirtyFields[key] || search.lastHours !== undefined ? fromWallClock(values[key], timeZone) : (search[key] ?? null);
    const lastHours = values.period === DATES ? null : Number(values.period);
    onSubmit(
      searchOfSubmit(
        {
          ...values,
          groupsChanged,
          lastHours,
          startDate: lastHours ? null : keepDate('startDate'),
          endDate: lastHours ? null : keepDate('endDate'),
        },
        { view: search.view, pageSize: search.pageSize },
      ),
    );
  });

  // Choosing the last hours shows their window (from now) in the dates, which it replaces.
  const choosePeriod = (value: string) => {
    setValue('period', value, { shouldDirty: true });
    if (value === DATES) return;
    const window = eventSearchLastHoursPeriod(Number(value), new Date());
    setValue('startDate', toWallClock(window.start.toISOString(), timeZone));
    setValue('endDate', toWallClock(window.end.toISOString(), timeZone));
  };

  const subjectError = errors.vin?.message === 'subjectRequired';
  const resetGroups = () => setValue('groups', eventSearchDefaultGroups(vin.trim() !== ''), { shouldDirty: true });
  const hoursLabel = (hours: number) =>
    hours > 24 && hours % 24 === 0 ? t('eventLog.form.lastDays', { count: hours / 24 }) : t('eventLog.form.lastHours', { count: hours });

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
        <Box sx={{ mt: '8px !important' }}>
          <Controller
            name="failedCommands"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label={t('eventLog.form.failedCommands')}
                control={
                  <Checkbox
                    size="small"
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'event-failed-commands-hint' } }}
                  />
                }
              />
            )}
          />
          <FormHelperText id="event-failed-commands-hint" sx={{ mx: 0, mt: 0 }}>
            {t('eventLog.form.failedCommandsHint')}
          </FormHelperText>
        </Box>
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
          <FormControl component="fieldset" disabled={failedCommands}>
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
            {failedCommands && <FormHelperText sx={{ mx: 0, mt: 0 }}>{t('eventLog.form.groupsByFailedCommands')}</FormHelperText>}
          </FormControl>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}>
          <Controller
            name="period"
            control={control}
            render={({ field }) => (
              <TextField
                select
                size="small"
                label={t('eventLog.form.period')}
                value={field.value}
                onChange={(event) => choosePeriod(event.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                sx={{ width: { sm: 190 } }}
              >
                <MenuItem value={DATES}>{t('eventLog.form.periodDates')}</MenuItem>
                {lastHoursChoices(search.lastHours).map((hours) => (
                  <MenuItem key={hours} value={String(hours)}>
                    {hoursLabel(hours)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Box sx={{ width: { sm: 230 } }}>
            <ControlledDateTimeField
              control={control}
              name="startDate"
              label={t('eventLog.form.from')}
              disabled={relative}
              helperText={relative ? t('eventLog.form.periodRelative') : undefined}
              errorMessage={errors.startDate ? t('messages.periodTooLongWithoutSubject', { days: EVENT_SEARCH_UNSCOPED_MAX_DAYS }) : undefined}
            />
          </Box>
          <Box sx={{ width: { sm: 230 } }}>
            <ControlledDateTimeField
              control={control}
              name="endDate"
              label={t('eventLog.form.to')}
              disabled={relative}
              errorMessage={errors.endDate ? t('eventLog.form.periodInvalid') : undefined}
            />
          </Box>
          <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto !important' }, pt: { sm: 0.5 }, alignItems: 'center' }}>
            <ViewsControl screen="eventLog" />
            <Button onClick={resetGroups} disabled={failedCommands}>
              {t('eventLog.form.reset')}
            </Button>
            <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
              {t('eventLog.form.search')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
