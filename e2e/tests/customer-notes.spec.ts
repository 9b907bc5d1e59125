import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn } from './helpers';

/**
 * Issue 18 points 2 and 3: log a phone contact for demo.active about a booking, pin a note on that booking and see
 * the banner on its booking card, then resolve the contact (docs/decisions/0061-notes-and-contacts.md). The booking is
 * BID1000000005, a finished business trip no other spec changes (docs/demo-data.md).
 */
const BID = 'BID1000000005';

test('logs a contact about a booking, pins a note that shows on the booking card, and resolves the contact', async ({ page }) => {
  // Three screens and a dozen changes: on CI's two shared cores this takes over two minutes.
  test.setTimeout(300_000);
  await page.goto('/login');
  await logIn(page);
  await expectLoggedIn(page);
  await page.goto('/users/demo.active');

  // The dialog on the customer header: every field is a native select, reached and chosen from the keyboard.
  await page.getByTestId('user-header').getByRole('button', { name: 'Log contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a contact with Kari Nordmann' });
  await expect(dialog.getByLabel('Channel')).toBeFocused();
  await expect(dialog.getByLabel('Channel')).toHaveValue('PHONE');
  await dialog.getByLabel('Reason').selectOption({ label: 'Parking fine' });
  await expect(dialog.getByLabel('Booking').locator('option', { hasText: BID })).toHaveCount(1);
  await dialog.getByLabel('Booking').selectOption({ value: BID });
  await dialog.getByLabel('Note').fill('Called about a parking fine from the business trip; promised a callback.');
  await expect(dialog.getByLabel('Status')).toHaveValue('OPEN');
  await dialog.getByLabel('Assignee').selectOption({ value: 'support' });
  await dialog.getByRole('button', { name: 'Log contact' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Contact logged')).toBeVisible();

  const contact = page.getByTestId('contacts-panel').getByTestId('contact').filter({ hasText: 'promised a callback' });
  await expect(contact).toHaveAttribute('data-status', 'OPEN');
  await expect(contact).toContainText('Phone · Parking fine');
  await expect(contact).toContainText(BID);
  await expect(contact).toContainText('assigned to support');

  // A note on the booking, pinned as it is added: the booking card shows it as a banner.
  await page.goto(`/booking/${BID}`);
  const notes = page.getByTestId('notes-panel');
  await notes.getByLabel('New note').fill('Customer disputes the parking fine: check with the municipality before invoicing.');
  await notes.getByRole('checkbox', { name: 'Pin' }).check();
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added')).toBeVisible();
  const banner = page.getByRole('region', { name: 'Pinned notes' });
  await expect(banner).toContainText('Customer disputes the parking fine');
  await expect(banner).toContainText('support');
  const note = notes.getByTestId('note').filter({ hasText: 'Customer disputes the parking fine' });
  await expect(note).toHaveAttribute('data-pinned', 'true');

  // The booking card logs contacts too, about this booking.
  await page.getByRole('button', { name: 'Log contact' }).click();
  const fromCard = page.getByRole('dialog', { name: 'Log a contact with Nordmann, Kari' });
  await expect(fromCard.getByLabel('Booking')).toHaveValue(BID);
  await fromCard.getByRole('button', { name: 'Cancel' }).click();
  await expect(fromCard).toBeHidden();

  // A second note, added unpinned, then pinned from its button; unpinned again it leaves the banner.
  await notes.getByLabel('New note').fill('Prefers e-mail over phone.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  const second = notes.getByTestId('note').filter({ hasText: 'Prefers e-mail' });
  await expect(second).toHaveAttribute('data-pinned', 'false');
  await expect(banner).not.toContainText('Prefers e-mail');
  await second.getByRole('button', { name: 'Pin note' }).click();
  await expect(banner).toContainText('Prefers e-mail');
  await second.getByRole('button', { name: 'Unpin note' }).click();
  await expect(banner).not.toContainText('Prefers e-mail');

  // Delete asks first.
  await second.getByRole('button', { name: 'Delete note' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this note?' });
  await expect(confirm).toContainText('Prefers e-mail over phone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(second).toHaveCount(0);
  await expect(banner).toContainText('Customer disputes the parking fine');

  // Each change is an event on the booking.
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByText('Internal note added and pinned: Customer disputes the parking fine').first()).toBeVisible();
  await expect(page.getByText('Internal note deleted: Prefers e-mail over phone.').first()).toBeVisible();

  // Back on the customer: resolve the contact.
  await page.goto('/users/demo.active');
  await contact.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Contact resolved')).toBeVisible();
  await expect(contact).toHaveAttribute('data-status', 'RESOLVED');
  await expect(contact.getByRole('button', { name: 'Reopen' })).toBeVisible();
});
