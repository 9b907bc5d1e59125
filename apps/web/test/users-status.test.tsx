import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { UserStatusChip, showsSuspiciousBadge } from '@/features/users/components/user-status-chip';
import { i18n } from '@/lib/i18n/i18n';

afterEach(cleanup);

const renderChip = (status: string, suspicious = false) =>
  render(
    <I18nextProvider i18n={i18n}>
      <UserStatusChip status={status} suspicious={suspicious} />
    </I18nextProvider>,
  );

describe('user status badge (§4)', () => {
  it('shows a known status by name', async () => {
    await i18n.changeLanguage('en-GB');
    renderChip('AWAITING_APPROVAL');
    expect(screen.getByTestId('user-status').textContent).toContain('Awaiting approval');
    expect(screen.queryByTestId('suspicious-badge')).toBeNull();
  });

  it("shows an unknown status grey with 'unknown'", async () => {
    await i18n.changeLanguage('en-GB');
    renderChip('ON_HOLD');
    const chip = screen.getByTestId('user-status');
    expect(chip.textContent).toContain('unknown');
    expect(chip.getAttribute('title')).toBe('ON_HOLD');
    expect(chip.className).toContain('MuiChip-colorDefault');
  });

  it('shows the suspicious badge on pending users only', async () => {
    await i18n.changeLanguage('en-GB');
    renderChip('PENDING', true);
    expect(screen.getByTestId('suspicious-badge').textContent).toContain('Suspicious');
    expect(showsSuspiciousBadge('ACTIVE', true)).toBe(false);
    expect(showsSuspiciousBadge('AWAITING_APPROVAL', false)).toBe(false);
  });

  it('is translated', async () => {
    await i18n.changeLanguage('nb');
    renderChip('BLOCKED');
    expect(screen.getByTestId('user-status').textContent).toContain('Sperret');
    await i18n.changeLanguage('en-GB');
  });
});
