import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/lib/i18n/i18n';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n/languages';
import { queryClient } from '@/lib/query/query-client';
import { sessionStore } from '@/lib/session/session';
import { sessionStorageKey } from '@/lib/session/session-schema';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { CLIENT_CONFIG, fakeBackend, jsonResponse, noContent, type BackendRoutes, type FakeBackend } from './support/backend';
import { SESSION_EXPIRES, signIn, SUPPORT_STAFF } from './support/session';

const SESSION_KEY = sessionStorageKey(window.location.host);

// Plain DOM reads (the project has no jest-dom matchers).
const isDisabled = (element: Element) => element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true';
const textOf = (element: Element) => element.textContent ?? '';
const attributeOf = (element: Element | null, name: string) => element?.getAttribute(name) ?? null;
const valueOf = (element: Element) => (element as HTMLInputElement).value;

let backend: FakeBackend;
const GOOD_RESET_TOKEN = 'reset-token-0123456789abcdef';
const PASSWORD = 'support-demo';

/** The calls the screens sent, with the Authorization header each carried. */
const calls = () =>
  backend.calls.map((call) => ({
    method: call.method,
    path: call.path + (call.query.toString() ? `?${call.query.toString()}` : ''),
    authorization: call.headers.get('Authorization'),
  }));
const resetRequests = () => backend.callsTo('/api/password-reset', 'POST').map((call) => call.body);

beforeEach(async () => {
  resetBrowserState();
  backend = fakeBackend();
  backend.on('GET /api/auth/methods', () => []);
  backend.on('POST /api/auth', ({ headers }) => {
    const [, password] = atob(headers.get('Authorization')?.replace('Basic ', '') ?? '').split(':');
    return password === PASSWORD
      ? { token: 'token-1', expires: SESSION_EXPIRES, user: SUPPORT_STAFF }
      : backend.error(401, 'errorId.auth.wrongCredentials', 'User name or password incorrect.');
  });
  backend.on('DELETE /api/auth', () => noContent());
  backend.on('POST /api/password-reset', () =>
    jsonResponse(202, {
      message: 'If the user exists, a reset link has been sent to the e-mail address on file.',
    } satisfies BackendRoutes['POST /api/password-reset']),
  );
  backend.on('POST /api/password-reset/confirm', ({ body }) =>
    (body as { token: string }).token === GOOD_RESET_TOKEN
      ? noContent()
      : backend.error(400, 'errorId.auth.passwordResetInvalid', 'The reset link is invalid or has expired.'),
  );
  backend.on('GET /api/fleets/by-username/:username', ({ params }) =>
    params.username === 'anna' ? { fleet: 'fjord', name: 'Fjord Mobility' } : undefined,
  );
  await i18n.changeLanguage('en-GB');
});

afterEach(teardownApp);

describe('login', () => {
  it('sends a visitor to the login page and, after the two steps, back to the page asked for', async () => {
    const user = userEvent.setup();
    backend.on('GET /api/auth/methods', () => [
      { loginUrl: 'https://idp.example/start', providerLogoUrl: null, displayName: 'Acme ID', preventPasswordLogin: false },
    ]);
    const router = startApp('/contact');

    const username = await screen.findByLabelText('User name');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/contact' });
    expect(document.activeElement).toBe(username);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(isDisabled(next)).toBe(true);
    await user.type(username, '   ');
    expect(isDisabled(next)).toBe(true);

    await user.clear(username);
    await user.type(username, 'support{Enter}');

    const password = await screen.findByLabelText('Password');
    expect(calls()).toContainEqual({ method: 'GET', path: '/api/auth/methods?username=support', authorization: null });
    expect(textOf(screen.getByTestId('login-username'))).toContain('support');
    expect(attributeOf(screen.getByRole('link', { name: 'Forgot password?' }), 'href')).toBe('/forgot-password?username=support');
    expect(attributeOf(screen.getByRole('link', { name: 'Sign in with Acme ID' }), 'href')).toBe('https://idp.example/start');
    const main = within(screen.getByRole('main'));
    const loginButton = main.getByRole('button', { name: 'Log in' });
    expect(isDisabled(loginButton)).toBe(true);

    await user.type(password, 'wrong{Enter}');
    expect(textOf(await screen.findByRole('alert'))).toContain('User name or password incorrect.');
    expect(sessionStore.getSession()).toBeNull();

    await user.type(screen.getByLabelText('Password'), 'support-demo');
    await user.click(main.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByText('Logged in as Siri Support')).isConnected).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEY) ?? '{}')).toMatchObject({ token: 'token-1' });
    expect((await screen.findByRole('heading', { name: 'Contact', level: 1 }, { timeout: 3000 })).isConnected).toBe(true);
    expect(router.state.location.pathname).toBe('/contact');
    expect((await screen.findByText('Fjord Mobility')).isConnected).toBe(true);
    expect(calls().find((call) => call.path === '/api/fleets/fjord')?.authorization).toBe('AUTH-TOKEN token-1');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(attributeOf(within(nav).getByRole('link', { name: 'Contact' }), 'aria-current')).toBe('page');
  });

  it('hides the forgot-password link when a method forbids password login', async () => {
    const user = userEvent.setup();
    backend.on('GET /api/auth/methods', () => [
      { loginUrl: 'https://idp.example/start', providerLogoUrl: null, displayName: 'Acme ID', preventPasswordLogin: true },
    ]);
    startApp('/login');
    await user.type(await screen.findByLabelText('User name'), 'anna{Enter}');
    await screen.findByLabelText('Password');
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(valueOf(await screen.findByLabelText('User name'))).toBe('anna');
  });

  it('says who is logged in when the login page is opened with a session, then goes on', async () => {
    signIn();
    const router = startApp('/login?redirect=%2Fpools');
    expect((await screen.findByText('Logged in as Siri Support')).isConnected).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pools'), { timeout: 3000 });
  });

  it('ignores a redirect to another site', async () => {
    signIn();
    const router = startApp('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'), { timeout: 3000 });
  });
});

describe('password reset', () => {
  it('asks for the user name, prefilled from the login, and confirms the request', async () => {
    const user = userEvent.setup();
    startApp('/forgot-password?username=anna');
    const username = await screen.findByLabelText(/User name/);
    expect(valueOf(username)).toBe('anna');
    await user.clear(username);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(textOf(await screen.findByText('Required'))).toBe('Required');
    expect(resetRequests()).toEqual([]);

    await user.type(username, ' siri {Enter}');
    expect(textOf(await screen.findByRole('status'))).toContain('a reset link has been sent');
    expect(resetRequests()).toEqual([{ username: 'siri' }]);
    expect(attributeOf(screen.getByRole('link', { name: 'Back to login' }), 'href')).toBe('/login');
  });

  it('sets a new password entered twice, without a session', async () => {
    const user = userEvent.setup();
    const router = startApp(`/reset-password?token=${GOOD_RESET_TOKEN}`);
    const password = await screen.findByLabelText(/^New password/);
    const repeat = screen.getByLabelText(/^Repeat the new password/);

    await user.type(password, 'short');
    await user.type(repeat, 'short{Enter}');
    expect((await screen.findAllByText('The password must be at least 10 characters')).length).toBe(1);

    await user.clear(password);
    await user.clear(repeat);
    await user.type(password, 'a-long-new-password');
    await user.type(repeat, 'a-different-password{Enter}');
    expect((await screen.findByText('The passwords do not match')).isConnected).toBe(true);

    await user.clear(repeat);
    await user.type(repeat, 'a-long-new-password{Enter}');
    expect(textOf(await screen.findByRole('status'))).toContain('Your password has been changed');
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(attributeOf(screen.getByRole('link', { name: 'Go to login' }), 'href')).toBe('/login');
  });

  it('says so when the link is invalid or expired', async () => {
    const user = userEvent.setup();
    startApp('/reset-password?token=expired-token-0123456789');
    await user.type(await screen.findByLabelText(/^New password/), 'a-long-new-password');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a-long-new-password{Enter}');
    expect(textOf(await screen.findByRole('alert'))).toContain('The reset link is invalid or has expired.');
    expect(attributeOf(screen.getByRole('link', { name: 'Request a new link' }), 'href')).toBe('/forgot-password');
  });
});

describe('postLogin', () => {
  it('stores the single-sign-on hand-over as a bearer session with the operator it asked for, and goes to /', async () => {
    const expires = '2099-01-01T01:00:00.000Z';
    const router = startApp(
      `/postLogin?issuer=${encodeURIComponent('https://idp.example')}&token=jwt-abc&username=anna&expirationTime=${encodeURIComponent(expires)}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
    expect(sessionStore.getSession()).toEqual({
      token: null,
      bearerToken: 'jwt-abc',
      bearerTokenIssuer: 'https://idp.example',
      expires,
      user: { username: 'anna', fleet: 'fjord' },
    });
    expect(textOf(await screen.findByTestId('current-user'))).toBe('anna');
    // The operator comes from the user name, asked with the new bearer session.
    expect(calls()).toContainEqual({ method: 'GET', path: '/api/fleets/by-username/anna', authorization: 'Bearer jwt-abc' });
  });
});

describe('session in the shell', () => {
  it('logs out: revokes the token, forgets the session and returns to the login page', async () => {
    const user = userEvent.setup();
    signIn();
    const router = startApp('/support');
    await screen.findByRole('heading', { name: 'Customer support' });
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStore.getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(calls()).toContainEqual({ method: 'DELETE', path: '/api/auth', authorization: 'AUTH-TOKEN token-0' });
    expect(queryClient.getQueryData(['fleets', 'get', { fleet: 'fjord' }])).toBeUndefined();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' }).isConnected).toBe(true);
  });

  it('sends the user to log in, and back, when the server refuses the token', async () => {
    backend.on('GET /api/fleets/:fleet', () => backend.error(401, 'errorId.auth.unauthorized', 'You need to log in'));
    signIn();
    const router = startApp('/contact');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/contact' });
    expect(sessionStore.getSession()).toBeNull();
  });

  it('loads the help-desk widget only while a session token is present', async () => {
    backend.on('GET /api/config', () => ({ ...CLIENT_CONFIG, helpDeskWidgetUrl: 'https://help.example/widget.js' }));
    // happy-dom does not run external scripts; let it treat the load as done instead of logging an error.
    const happyDom = (window as unknown as { happyDOM?: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM;
    if (happyDom) happyDom.settings.handleDisabledFileLoadingAsSuccess = true;
    signIn();
    startApp('/support');
    await waitFor(() => expect(document.getElementById('helpdesk-widget')).not.toBeNull());
    expect(attributeOf(document.getElementById('helpdesk-widget'), 'src')).toBe('https://help.example/widget.js');
    const launcher = document.createElement('div');
    launcher.setAttribute('data-helpdesk-widget', '');
    document.body.appendChild(launcher);

    act(() => sessionStore.clear('logout'));
    await waitFor(() => expect(document.getElementById('helpdesk-widget')).toBeNull());
    expect(launcher.isConnected).toBe(false);
  });

  it('loads no help-desk widget when none is configured', async () => {
    signIn();
    startApp('/support');
    await screen.findByRole('heading', { name: 'Customer support' });
    await waitFor(() => expect(calls().some((call) => call.path === '/api/config')).toBe(true));
    expect(document.getElementById('helpdesk-widget')).toBeNull();
  });
});

describe('routes', () => {
  it('redirects /support/search/{query} to /support?search={query}', async () => {
    signIn();
    const router = startApp('/support/search/BID0000000042');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
    expect(router.state.location.search).toEqual({ search: 'BID0000000042' });
  });

  it('redirects / to /support', async () => {
    signIn();
    const router = startApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
  });

  it('shows a not-found page with a way home for unknown routes', async () => {
    startApp('/no/such/screen');
    expect((await screen.findByRole('heading', { name: 'Page not found' })).isConnected).toBe(true);
    expect(attributeOf(screen.getByRole('link', { name: 'Go to the start page' }), 'href')).toBe('/');
  });

  it('switches the language from the top bar and remembers it', async () => {
    const user = userEvent.setup();
    signIn();
    startApp('/pools');
    await screen.findByRole('heading', { name: 'Booking overview' });
    await user.click(screen.getByRole('button', { name: /Language/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Svenska' }));
    expect((await screen.findByRole('heading', { name: 'Bokningsöversikt' })).isConnected).toBe(true);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sv');
    expect(screen.getByRole('button', { name: 'Logga ut' }).isConnected).toBe(true);
  });

  it('shows the support-mode switch, on by default, and keeps the choice per staff member', async () => {
    const user = userEvent.setup();
    signIn();
    startApp('/contact');
    const toggle = await screen.findByRole('switch', { name: 'Support mode' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Support mode' }) as HTMLInputElement).checked).toBe(false));
    expect(window.localStorage.getItem('fleetdesk.supportMode.fjord.support')).toBe('off');

    // Another staff member in the same browser starts from the default.
    act(() => {
      signIn({ username: 'anna' });
    });
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Support mode' }) as HTMLInputElement).checked).toBe(true));
  });

  it('hides the support-mode switch when nobody is logged in', async () => {
    startApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.queryByRole('switch', { name: 'Support mode' })).toBeNull();
  });
});
