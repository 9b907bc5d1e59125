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
  await logIn(page, 'support', 'support-demo', '/users/demo.active');
  await expectLoggedIn(page);

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
  await expect(page.getByText('Contact logged', { exact: true })).toBeVisible();

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
  await expect(page.getByText('Note added', { exact: true })).toBeVisible();
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

  // The card's "last change" (issue 18 point 4) follows: what, who and when.
  await expect(page.getByTestId('last-change')).toContainText('Internal note deleted: Prefers e-mail over phone.');
  await expect(page.getByTestId('last-change')).toContainText('by support');

  // Each change is an event on the booking.
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByText('Internal note added and pinned: Customer disputes the parking fine').first()).toBeVisible();
  await expect(page.getByText('Internal note deleted: Prefers e-mail over phone.').first()).toBeVisible();

  // Back on the customer: resolve the contact.
  await page.goto('/users/demo.active');
  await contact.getByRole('button', { name: 'Resolve' }).click();
  // A confirmation naming the contact and the customer, with the action it was resolved with (none by default).
  const resolveDialog = page.getByRole('dialog', { name: 'Resolve contact' });
  await expect(resolveDialog).toContainText('Resolve the Phone contact about “Parking fine” with Kari Nordmann');
  await expect(resolveDialog.getByLabel('Resolved with')).toHaveValue('');
  await expect(resolveDialog.getByLabel('Resolved with').locator('option').first()).toHaveText('No action');
  // Her recent actions are offered: the parking ticket of BID1000000004, 3 days ago (docs/demo-data.md), is the one.
  const parkingFee = resolveDialog.getByLabel('Resolved with').locator('option', { hasText: 'Fee added: Parking ticket' }).first();
  await resolveDialog.getByLabel('Resolved with').selectOption((await parkingFee.getAttribute('value')) ?? '');
  await resolveDialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolveDialog).toBeHidden();
  await expect(page.getByText('Contact resolved', { exact: true })).toBeVisible();
  await expect(contact).toHaveAttribute('data-status', 'RESOLVED');
  const resolvedWith = contact.getByTestId('contact-resolved-with');
  await expect(resolvedWith).toContainText('Resolved with: Fee added: Parking ticket');
  await expect(resolvedWith.getByRole('link')).toHaveAttribute('href', /^\/event\?user=demo\.active&startDate=/);
  await expect(contact.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // The customer's timeline, the page's first tab in support mode (issue 18 point 1): the note pinned on the booking
  // and the contact, logged and resolved, newest first, each linking to the booking.
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  const timeline = page.getByTestId('customer-timeline');
  const entries = timeline.getByTestId('timeline-entry');
  await expect(entries.first()).toHaveAttribute('data-kind', 'contact');
  await expect(entries.first()).toContainText(/contact #\d+ resolved/i);
  const pinnedNote = entries.filter({ hasText: 'Internal note added and pinned: Customer disputes the parking fine' });
  await expect(pinnedNote).toHaveAttribute('data-kind', 'note');
  await expect(pinnedNote.getByRole('link', { name: BID })).toHaveAttribute('href', `/booking/${BID}`);
  const logged = entries.filter({ hasText: 'Contact logged' }).first();
  await expect(logged).toContainText('phone, parking fine');
  await expect(logged).toContainText('by support');
  // Filtered to contacts, the notes and everything else leave the list.
  await timeline.getByRole('button', { name: 'Contact', exact: true }).click();
  await expect(timeline.getByRole('button', { name: 'Contact', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(entries.filter({ hasText: 'Internal note' })).toHaveCount(0);
  await expect(entries.first()).toContainText(/contact #\d+ resolved/i);
  for (const kind of await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')))) expect(kind).toBe('contact');

  // The header's "last change" is the resolution; its link marks that entry on the timeline.
  const lastChange = page.getByTestId('user-header').getByTestId('last-change');
  await expect(lastChange).toContainText(/contact #\d+ resolved/i);
  await lastChange.getByRole('link', { name: 'Show on the timeline' }).click();
  await expect(page).toHaveURL(/tab=timeline&entry=\d+/);
  const marked = timeline.locator('[aria-current="true"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText(/contact #\d+ resolved/i);
  await expect(marked).toBeFocused();
});

test('the support search finds internal notes, and a collapsed hit shows its pinned note', async ({ page }) => {
  await logIn(page);
  await expectLoggedIn(page);
  // demo.active's pinned note (docs/demo-data.md) is found by its words and links to her page.
  await page.goto('/support?search=hard%20of%20hearing');
  const notes = page.getByTestId('note-results');
  await expect(notes.getByRole('heading', { name: 'Internal notes' })).toBeVisible();
  const hit = notes.getByTestId('note-hit').filter({ hasText: 'Hard of hearing' });
  await expect(hit).toContainText('Pinned');
  await expect(hit.getByRole('link', { name: 'Nordmann, Kari' })).toHaveAttribute('href', '/users/demo.active');
  // Her row in a plain search shows the pinned note under her name.
  await page.goto('/support?search=demo.active');
  const row = page.getByTestId('user-results').getByTestId('user-row').filter({ hasText: 'demo.active' });
  await expect(row.getByTestId('hit-pinned-note')).toContainText('Hard of hearing');
});
