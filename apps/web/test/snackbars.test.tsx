import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '@/app/providers';
import { i18n } from '@/lib/i18n/i18n';
import { notifyInfo, notifySuccess } from '@/lib/notifications/notify';
import { closeSnackbars, isSnackbarHostRequested } from '@/lib/notifications/snackbars';

afterEach(cleanup);

// notistack is not part of the first load (issue 15): the first toast brings it, and nothing shown meanwhile is lost.
describe('toasts load with the first one', () => {
  it('renders no provider until a toast is asked for, then shows the ones that waited, in order', async () => {
    await i18n.changeLanguage('en-GB');
    render(
      <AppProviders>
        <p>screen</p>
      </AppProviders>,
    );
    expect(isSnackbarHostRequested()).toBe(false);
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();

    act(() => {
      notifySuccess('Booking extended');
      notifyInfo('No such booking id');
    });
    expect(isSnackbarHostRequested()).toBe(true);
    const first = await screen.findByText('Booking extended', undefined, { timeout: 5_000 });
    const second = await screen.findByText('No such booking id');
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2);

    // Once loaded, a toast shows at once and closing them all works.
    act(() => notifySuccess('Fee added'));
    expect(await screen.findByText('Fee added')).toBeTruthy();
    act(() => closeSnackbars());
    await waitFor(() => expect(screen.queryByText('Fee added')).toBeNull(), { timeout: 5_000 });
  });
});
