import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/lib/i18n/i18n';
import { queryClient } from '@/lib/query/query-client';
import { showsLoadError } from '@/components/refresh-failed-notice';
import { ApiError } from '@/lib/api/api-error';
import { userDetail } from './fixtures/user-detail';
import { resetBrowserState, startApp, teardownApp } from './support/app-harness';
import { fakeBackend, type FakeBackend } from './support/backend';
import { signIn } from './support/session';

/**
 * A refresh of data already on a screen that fails (a live update's refetch while the database fails over, a dropped
 * connection) leaves the screen as it is — its open form and what was typed in it — with a notice and Retry; only a
 * first load that fails, or a record that is gone, shows the error state instead.
 */

let backend: FakeBackend;
let failing = false;

beforeEach(async () => {
  resetBrowserState();
  failing = false;
  backend = fakeBackend();
  backend.on('GET /api/users/:username', () => (failing ? backend.error(429, 'errorId.core.tooManyRequests', 'Too many requests.') : userDetail));
  backend.on('GET /api/users/:username/timeline', ({ params }) => ({ username: params.username!, results: [], nextCursor: null }));
  await i18n.changeLanguage('en-GB');
});
afterEach(teardownApp);

describe('a failed refresh of a shown screen', () => {
  it('keeps the user page and its open edit form, says since when the data is shown, and Try again brings it up to date', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('fleetdesk.supportMode.fjord.support', 'off');
    signIn();
    startApp(`/users/${userDetail.username}?tab=info&edit=true`);
    const form = await screen.findByRole('form', { name: 'User details' }, { timeout: 5000 });
    const city = screen.getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Tromsø');

    failing = true;
    await queryClient.invalidateQueries({ queryKey: ['users'] });
    // A 429 (the rate limit) is not retried: the refresh fails at once. A 503 would be retried twice first.
    const notice = await screen.findByTestId('refresh-failed', {}, { timeout: 10_000 });
    expect(notice.textContent).toMatch(/^Could not refresh: this shows what was loaded at \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./);
    expect(form.isConnected).toBe(true);
    expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Tromsø');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${userDetail.givenName} ${userDetail.familyName}`);

    failing = false;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('refresh-failed')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Tromsø');
  }, 30_000);
});

describe('showsLoadError', () => {
  const gone = new ApiError(404, { messageId: 'errorId.core.user.notFound', message: 'User not found', errors: [] } as never);
  const down = new ApiError(503, { messageId: 'errorId.core.databaseUnavailable', message: 'Down', errors: [] } as never);

  it('shows the error state for a first load that failed, or a record that is gone, never over data already shown', () => {
    expect(showsLoadError({ isError: true, data: undefined, error: down })).toBe(true);
    expect(showsLoadError({ isError: true, data: { any: 1 }, error: gone })).toBe(true);
    expect(showsLoadError({ isError: true, data: { any: 1 }, error: down })).toBe(false);
    expect(showsLoadError({ isError: true, data: { any: 1 }, error: new TypeError('Failed to fetch') })).toBe(false);
    expect(showsLoadError({ isError: false, data: undefined, error: null })).toBe(false);
  });
});
