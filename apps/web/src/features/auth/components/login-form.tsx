import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isLoginPasswordFilled, isLoginUsernameFilled, type AuthenticationMethod } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { ArrowBackPlainIcon, KeyPlainIcon, PersonOutlinePlainIcon } from '@/components/plain-icons';
import { authMethodsQueryOptions, useLogIn } from '../api/auth-api';
import { loginErrorMessage } from './login-error';

/*
 * The two-step login of spec §2, drawn without MUI (issue 15; docs/decisions/0043-fast-first-load.md): plain inputs
 * and buttons styled by lib/theme/plain.css to look like the console's MUI controls.
 */

interface PlainFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'password';
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

function PlainField({ label, name, type = 'text', value, onChange, autoComplete, inputRef }: PlainFieldProps) {
  const id = useId();
  return (
    <div className="fd-field">
      <label className="fd-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="fd-input"
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        // The step's one field takes the focus when the step shows (as the MUI form did).
        autoFocus
        autoComplete={autoComplete}
        autoCapitalize={type === 'text' ? 'none' : undefined}
        spellCheck={type === 'text' ? false : undefined}
        ref={inputRef}
      />
    </div>
  );
}

function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled: boolean; children: React.ReactNode }) {
  return (
    <button type="submit" className="fd-button fd-button-contained" disabled={disabled}>
      {children}
      {busy && <span className="fd-spinner" aria-hidden="true" />}
    </button>
  );
}

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
    <form noValidate onSubmit={(event) => void submit(event)} className="fd-stack">
      <PlainField label={t('auth.username')} name="username" value={username} onChange={onUsernameChange} autoComplete="username" />
      {error && (
        <div className="fd-alert-error" role="alert">
          {error}
        </div>
      )}
      <SubmitButton busy={checking} disabled={!canContinue}>
        {t('auth.next')}
      </SubmitButton>
    </form>
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
    <div className="fd-stack">
      <div className="fd-user">
        <PersonOutlinePlainIcon />
        <span data-testid="login-username">{username}</span>
      </div>
      <form noValidate onSubmit={submit} className="fd-stack">
        {/* Lets password managers pair the password with the user name of step 1. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PlainField
          label={t('auth.password')}
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          inputRef={passwordRef}
        />
        {error && (
          <div className="fd-alert-error" role="alert">
            {error}
          </div>
        )}
        <SubmitButton busy={logIn.isPending} disabled={!canSubmit}>
          {t('auth.login')}
        </SubmitButton>
      </form>
      {!passwordLoginPrevented && (
        <Link to="/forgot-password" search={{ username: username.trim() }} className="fd-link" preload="intent">
          {t('auth.forgotPassword')}
        </Link>
      )}
      {methods.length > 0 && (
        <>
          <div className="fd-divider">{t('auth.orSignInWith')}</div>
          <div className="fd-stack-tight">
            {methods.map((method) => (
              <a key={method.loginUrl} href={method.loginUrl} className="fd-button fd-button-outlined">
                {method.providerLogoUrl ? (
                  <img src={method.providerLogoUrl} alt="" width={18} height={18} style={{ objectFit: 'contain' }} />
                ) : (
                  <KeyPlainIcon />
                )}
                {t('auth.signInWith', { provider: method.displayName })}
              </a>
            ))}
          </div>
        </>
      )}
      <button type="button" className="fd-button fd-button-text" onClick={onBack}>
        <ArrowBackPlainIcon />
        {t('auth.back')}
      </button>
    </div>
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
