import { mkdirSync } from 'node:fs';
import type { Product } from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { bookingOf, stubMyBookings } from '../booking-stubs';
import { expect, test } from '../fixtures';

/*
 * My Bookings after the rental (issue [J]): each item says whether it came back and how, the
 * charges show with their reasons and states, and the balance still due is on the card and in
 * the details. The answers are stubbed in the shapes the API gives (decision 050).
 */
const SHOTS = '/tmp/shots-charges';

for (const width of [390, 1280]) {
  test(`a returned booking shows its items' condition, its charges and the balance due, at ${width} px`, async ({
    page,
    request,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const { products } = (await (await request.get('/api/product/list')).json()) as {
      products: Product[];
    };
    const [a, b] = [products[4]!, products[5]!];
    const booking = bookingOf('00000000-0000-4000-8000-0000000cc001', [a, b], {
      status: 'delivered',
    });
    const [first, second] = booking.items;
    booking.items[0] = {
      ...first!,
      dispatchedAt: '2026-11-27T05:00:00.000Z',
      returnedAt: '2026-12-09T07:30:00.000Z',
      condition: 'good',
    };
    booking.items[1] = {
      ...second!,
      dispatchedAt: '2026-11-27T05:00:00.000Z',
      returnedAt: '2026-12-09T07:30:00.000Z',
      condition: 'needs-repair',
    };
    booking.charges = [
      {
        id: '00000000-0000-4000-8000-0000000dd001',
        kind: 'late-fee',
        itemId: first!._id,
        amount: 249,
        status: 'due',
        reason: 'Late return: Tue, 8 Dec, 2026 (₹249 a day)',
        createdAt: '2026-12-08T00:05:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-0000000dd002',
        kind: 'late-fee',
        itemId: first!._id,
        amount: 249,
        status: 'waived',
        reason: 'Late return: Wed, 9 Dec, 2026 (₹249 a day)',
        createdAt: '2026-12-09T00:05:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-0000000dd003',
        kind: 'damage',
        itemId: second!._id,
        amount: 500,
        status: 'due',
        reason: `${b.name} came back needing a small repair`,
        createdAt: '2026-12-09T07:30:00.000Z',
      },
    ];
    booking.balanceDue = 749;
    await stubMyBookings(page, () => [booking]);
    const account = await createAccount(request);
    await signInWith(page, account.token, '/orders');

    const card = page.getByTestId('booking-card');
    await expect(card.getByTestId('booking-balance')).toHaveText('Balance due ₹749');
    await page.screenshot({ path: `${SHOTS}/card-${width}.png`, fullPage: true });

    await card.getByRole('button', { name: /^Details of order/ }).click();
    const dialog = page.getByRole('dialog');
    const returned = dialog.getByTestId('details-item-returned');
    await expect(returned.nth(0)).toContainText('Returned in good condition');
    await expect(returned.nth(1)).toContainText('Returned: needs a small repair');
    const charges = dialog.getByTestId('details-charges').getByRole('listitem');
    await expect(charges).toHaveCount(3);
    await expect(charges.nth(0)).toContainText('Late fee');
    await expect(charges.nth(0)).toContainText('Late return: Tue, 8 Dec, 2026');
    await expect(dialog.getByTestId('details-charge-status')).toHaveText(['Due', 'Waived', 'Due']);
    await expect(dialog.getByTestId('details-balance')).toHaveText('₹749');
    await dialog.getByTestId('details-charges').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/details-${width}.png` });
  });
}
