import type { ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider, closeSnackbar, type SnackbarKey } from 'notistack';
import { I18nextProvider, useTranslation } from 'react-i18next';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/nb';
import 'dayjs/locale/sv';
import { i18n } from '@/lib/i18n/i18n';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@/lib/i18n/languages';
import { queryClient } from '@/lib/query/query-client';
import { theme } from './theme';

function DismissButton({ snackbarKey }: { snackbarKey: SnackbarKey }) {
  const { t } = useTranslation();
  return (
    <IconButton size="small" color="inherit" aria-label={t('common.dismiss')} onClick={() => closeSnackbar(snackbarKey)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

const DAYJS_LOCALES: Record<Language, string> = { de: 'de', 'en-GB': 'en-gb', nb: 'nb', sv: 'sv' };

/**
 * The date pickers, once for the app: day.js, the UI language for the names of months and days and the
 * first day of the week. The format of the fields stays 'YYYY-MM-DD HH:mm' (§9), see DateTimeField.
 */
function DatePickersProvider({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const language = isLanguage(current.language) ? current.language : DEFAULT_LANGUAGE;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALES[language]}>
      {children}
    </LocalizationProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <DatePickersProvider>
            <SnackbarProvider
              maxSnack={5}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
              action={(key) => <DismissButton snackbarKey={key} />}
            >
              {children}
            </SnackbarProvider>
          </DatePickersProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
