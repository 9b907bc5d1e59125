import { useEffect } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { SnackbarProvider, closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import { useTranslation } from 'react-i18next';
import { MuiRoot } from '@/components/mui-root';
import { snackbarProviderMounted } from './snackbars';

function DismissButton({ snackbarKey }: { snackbarKey: SnackbarKey }) {
  const { t } = useTranslation();
  return (
    <IconButton size="small" color="inherit" aria-label={t('common.dismiss')} onClick={() => closeSnackbar(snackbarKey)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Runs after the provider beside it is mounted (same commit), when notistack's global functions reach it. */
function ProviderReady() {
  useEffect(() => snackbarProviderMounted({ enqueueSnackbar, closeSnackbar }), []);
  return null;
}

/** notistack's provider with the app's placement and a close button on every toast; loaded by SnackbarHost. */
export default function SnackbarProviderHost() {
  // With the theme: the page below may be the login page, which is drawn without MUI.
  return (
    <MuiRoot>
      <SnackbarProvider
        maxSnack={5}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        action={(key) => <DismissButton snackbarKey={key} />}
      />
      <ProviderReady />
    </MuiRoot>
  );
}
