import { useRef, useState, type FormEvent } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import KeyIcon from '@mui/icons-material/Key';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { isLoginPasswordFilled, isLoginUsernameFilled, type AuthenticationMethod } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { TextLink } from '@/components/router-link';
import { authMethodsQueryOptions, useLogIn } from '../api/auth-api';
import { loginErrorMessage } from './login-error';

interface UsernameStepProps {
  username: string;
  onUsernameChange: (value: string) => void;
  onNext: (methods: AuthenticationMethod[]) => void;
}

/** Step 1: the user name, then Next (Enter works too) asks the server how this user signs in. */
function UsernameStep({ username, onUsernameChange, onNext }: UsernameStepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canContinue = isLoginUsernameFilled(username) && !checking;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canContinue) return;
    setChecking(true);
    setError(null);
    try {
      onNext(await queryClient.fetchQuery(authMethodsQueryOptions(username.trim())));
    } catch (cause) {
      console.error(cause);
      setError(t('auth.methodsFailed'));
      setChecking(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <TextField
          label={t('auth.username')}
          name="username"
          value={username}
          onChange={(event) => onUsernameChange(event.target.value)}
          autoFocus
          autoComplete="username"
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!canContinue}
          endIcon={checking ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('auth.next')}
        </Button>
      </Stack>
    </Box>
  );
}

interface PasswordStepProps {
  username: string;
  methods: AuthenticationMethod[];
  onBack: () => void;
}

/** Step 2: password and Login, the forgot-password link, single-sign-on links, and Back. */
function PasswordStep({ username, methods, onBack }: PasswordStepProps) {
  const { t } = useTranslation();
  const logIn = useLogIn();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const passwordLoginPrevented = methods.some((method) => method.preventPasswordLogin);
  const canSubmit = isLoginPasswordFilled(password) && !logIn.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    logIn.mutate(
      { username: username.trim(), password },
      {
        onError: (cause) => {
          setError(loginErrorMessage(cause, t));
          setPassword('');
          passwordRef.current?.focus();
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
        <PersonOutlineIcon fontSize="small" color="primary" aria-hidden />
        <Typography variant="body1" sx={{ fontWeight: 500, wordBreak: 'break-all' }} data-testid="login-username">
          {username}
        </Typography>
      </Stack>
      <Box component="form" noValidate onSubmit={submit}>
        {/* Lets password managers pair the password with the user name of step 1. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Stack spacing={2}>
          <TextField
            label={t('auth.password')}
            name="password"
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoFocus
            autoComplete="current-password"
            inputRef={passwordRef}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!canSubmit}
            endIcon={logIn.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('auth.login')}
          </Button>
        </Stack>
      </Box>
      {!passwordLoginPrevented && (
        <TextLink to="/forgot-password" search={{ username: username.trim() }} variant="body2" sx={{ alignSelf: 'flex-start' }}>
          {t('auth.forgotPassword')}
        </TextLink>
      )}
      {methods.length > 0 && (
        <>
          <Divider>
            <Typography variant="caption" color="text.secondary">
              {t('auth.orSignInWith')}
            </Typography>
          </Divider>
          <Stack spacing={1}>
            {methods.map((method) => (
              <Button
                key={method.loginUrl}
                href={method.loginUrl}
                variant="outlined"
                startIcon={
                  method.providerLogoUrl ? (
                    <Box component="img" src={method.providerLogoUrl} alt="" sx={{ width: 18, height: 18, objectFit: 'contain' }} />
                  ) : (
                    <KeyIcon />
                  )
                }
              >
                {t('auth.signInWith', { provider: method.displayName })}
              </Button>
            ))}
          </Stack>
        </>
      )}
      <Button variant="text" startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ alignSelf: 'flex-start', ml: -1 }}>
        {t('auth.back')}
      </Button>
    </Stack>
  );
}

/** The two-step login of spec §2. */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [methods, setMethods] = useState<AuthenticationMethod[] | null>(null);

  return methods === null ? (
    <UsernameStep username={username} onUsernameChange={setUsername} onNext={setMethods} />
  ) : (
    <PasswordStep username={username} methods={methods} onBack={() => setMethods(null)} />
  );
}
