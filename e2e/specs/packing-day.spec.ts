import {
  adminBookingDetailResponseSchema,
  atRiskResponseSchema,
  bookingNumber,
  devMailResponseSchema,
  myBookingsResponseSchema,
  unitsResponseSchema,
  type Product,
} from '@pehnava/shared';
import type { APIRequestContext } from '@playwright/test';
import { createAccount, signInWith } from '../accounts';
import { paidBookingOfLines } from '../bookings';
import {
  CONSOLE_SHOTS,
  consoleSettled,
  operatorToken,
  packerToken,
  scan,
  seriousViolations,
} from '../console';
import { expect, test } from '../fixtures';

/*
 * A day at the packing table (issue [N], its 'Done when'), at 390 px as staff: 30 pieces sent by
 * scanning their tags (no row searched, no tap), 20 checked in with each next scan arriving 50 ms
 * after the tap on Save, a fit-window exchange sent from the send list and its first piece
 * collected, and a booking at risk moved by its shopper from the mail's link. Nothing is lost and
 * nothing is charged that should not be, by the server's own record.
 */

const PIECES_SENT = 30;
const PIECES_BACK = 20;

const bearer = async (request: APIRequestContext) => ({
  authorization: `Bearer ${await operatorToken(request)}`,
});

/** Each available size of a product with the codes of its units in service. */
async function unitsBySize(request: APIRequestContext, product: Product) {
  const answer = await request.get(`/api/admin/units?productId=${product._id}`, {
    headers: await bearer(request),
  });
  const { units } = unitsResponseSchema.parse(await answer.json());
  return product.sizes
    .filter((s) => s.available)
    .map(({ size }) => ({
      size,
      codes: units.filter((u) => u.size === size && u.state === 'in-service').map((u) => u.code),
    }))
    .filter(({ codes }) => codes.length > 0);
}

async function detailOf(request: APIRequestContext, bookingId: string) {
  const answer = await request.get(`/api/admin/bookings/${bookingId}`, {
    headers: await bearer(request),
  });
  return adminBookingDetailResponseSchema.parse(await answer.json()).booking;
}

/** The booking's reserved tag codes, in line order. */
const codesOf = async (request: APIRequestContext, bookingId: string) =>
  (await detailOf(request, bookingId)).items.flatMap((item) => item.unitCode!.split(', '));

test.describe('a day at the packing table, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test(`${PIECES_SENT} pieces sent by scanning, ${PIECES_BACK} checked in at a scanner's pace, a fit exchange sent and collected, a booking at risk moved by its shopper`, async ({
    page,
    browser,
    request,
    workerProducts,
  }) => {
    test.setTimeout(300_000);
    const headers = await bearer(request);
    const shopper = await createAccount(request);

    // Tomorrow's bookings, sent today: one per size, with every unit of the size, until 30 pieces.
    const parcels: { bookingId: string; product: Product; codes: string[] }[] = [];
    let pieces = 0;
    while (pieces < PIECES_SENT) {
      const product = workerProducts.take((p) => p.sizes.filter((s) => s.available).length >= 2);
      for (const { size, codes } of await unitsBySize(request, product)) {
        if (pieces >= PIECES_SENT) break;
        const quantity = Math.min(codes.length, PIECES_SENT - pieces, 3);
        const bookingId = await paidBookingOfLines(
          request,
          shopper.token,
          [{ product, size, quantity }],
          1,
        );
        parcels.push({ bookingId, product, codes: await codesOf(request, bookingId) });
        pieces += quantity;
      }
    }

    // A fit-window exchange: a booking sent and delivered, its piece reported as not fitting.
    const fitShopper = await createAccount(request);
    const fitProduct = workerProducts.take((p) => p.sizes.filter((s) => s.available).length >= 2);
    const fitSizes = await unitsBySize(request, fitProduct);
    const fitId = await paidBookingOfLines(
      request,
      fitShopper.token,
      [{ product: fitProduct, size: fitSizes[0]!.size }],
      1,
    );
    const sentFirst = await request.post(`/api/admin/bookings/${fitId}/dispatch`, {
      headers,
      data: {},
    });
    expect(sentFirst.ok(), await sentFirst.text()).toBe(true);
    const deliveredFit = await request.post(`/api/admin/bookings/${fitId}/status`, {
      headers,
      data: { status: 'delivered' },
    });
    expect(deliveredFit.ok(), await deliveredFit.text()).toBe(true);
    const [firstPiece] = await codesOf(request, fitId);
    const fitItem = (await detailOf(request, fitId)).items[0]!;
    const reported = await request.post(`/api/booking/${fitId}/items/${fitItem._id}/report`, {
      headers: { authorization: `Bearer ${fitShopper.token}` },
      data: { reason: 'fit', want: 'exchange', size: fitSizes[1]!.size },
    });
    expect(reported.ok(), await reported.text()).toBe(true);
    const exchangePiece = (await codesOf(request, fitId)).find((code) => code !== firstPiece)!;
    expect(exchangePiece).toBeTruthy();

    // A booking at risk: every unit of a size booked for the same days, then the unit of one of
    // them sent to repair, with no other of its size free.
    const riskProduct = workerProducts.take((p) => p.sizes.filter((s) => s.available).length >= 2);
    const [riskSize, otherSize] = await unitsBySize(request, riskProduct);
    const riskShopper = await createAccount(request);
    const riskId = await paidBookingOfLines(
      request,
      riskShopper.token,
      [{ product: riskProduct, size: riskSize!.size }],
      6,
    );
    for (let i = 1; i < riskSize!.codes.length; i += 1) {
      await paidBookingOfLines(
        request,
        shopper.token,
        [{ product: riskProduct, size: riskSize!.size }],
        6,
      );
    }
    const [riskUnit] = await codesOf(request, riskId);
    const repaired = await request.post(`/api/admin/units/${riskUnit}/state`, {
      headers,
      data: { state: 'repair', note: 'Zip broken at the last check-in' },
    });
    expect(repaired.ok(), await repaired.text()).toBe(true);

    // The packer's day, on Today, set to send each booking at its last piece's scan.
    await signInWith(page, await packerToken(request), '/admin');
    await consoleSettled(page);
    const panel = page.getByRole('region', { name: 'Scan to send' });
    await panel.getByLabel('Send a booking as soon as its last piece is scanned').check();
    const said = panel.getByRole('status');
    const sendStarted = Date.now();
    for (const parcel of parcels) {
      for (const code of parcel.codes) await scan(page, code);
      await expect(said).toHaveText(`#${bookingNumber(parcel.bookingId)} sent`);
    }
    const sendSeconds = (Date.now() - sendStarted) / 1000;
    await page.screenshot({ path: `${CONSOLE_SHOTS}/packing-day-sent-390.png` });

    // The exchange is on the send list with the piece to send and the one to collect.
    const sendToday = page.getByRole('region', { name: /^Send today/ });
    const fitRow = sendToday
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `#${bookingNumber(fitId)}` }) })
      .filter({ hasText: 'Fit exchange' });
    await expect(fitRow).toContainText(exchangePiece);
    await expect(fitRow).toContainText(`Collect ${firstPiece} when it arrives`);
    await fitRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${CONSOLE_SHOTS}/packing-day-exchange-390.png` });
    await scan(page, exchangePiece);
    await expect(said).toHaveText(`#${bookingNumber(fitId)} sent`);

    // The day's own send list says the same, and takes another day.
    await page.getByRole('link', { name: 'Another day' }).click();
    await consoleSettled(page);
    await expect(page.getByRole('heading', { name: /^Send list, / })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^Send today/ })
        .getByRole('listitem')
        .filter({
          has: page.getByRole('link', { name: `#${bookingNumber(parcels[0]!.bookingId)}` }),
        })
        .getByText('Sent', { exact: true }),
    ).toBeVisible();
    // A sent exchange leaves the list: nothing of it is left to send.
    await expect(page.getByRole('link', { name: `#${bookingNumber(fitId)}` })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${CONSOLE_SHOTS}/dispatch-day-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${CONSOLE_SHOTS}/dispatch-day-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });

    // Every booking sent, by the server's record.
    for (const { bookingId } of parcels) {
      expect((await detailOf(request, bookingId)).status, bookingId).toBe('shipped');
    }

    // 20 of them back: each next tag scanned 50 ms after the tap on Save.
    const back = parcels.flatMap((parcel) => parcel.codes).slice(0, PIECES_BACK);
    await page.goto('/admin/check-in');
    await expect(page.getByLabel('Tag code')).toBeFocused();
    const checkInStarted = Date.now();
    await scan(page, back[0]!);
    for (const [i, code] of back.entries()) {
      const card = page.getByRole('region', { name: `Piece ${code}` });
      await expect(card, `scan ${i + 1} (${code}) was found`).toBeVisible();
      await card.getByRole('button', { name: /^Good/ }).click();
      await card.getByRole('button', { name: 'Save return as good' }).click();
      const next = back[i + 1];
      if (!next) break;
      await page.waitForTimeout(50);
      await scan(page, next);
    }
    await expect(
      page.getByRole('status').filter({ hasText: `${back.at(-1)}: Return recorded` }),
    ).toBeVisible();
    const checkInSeconds = (Date.now() - checkInStarted) / 1000;

    // The exchange's first piece comes back: checked in by its own tag.
    await scan(page, firstPiece!);
    const firstCard = page.getByRole('region', { name: `Piece ${firstPiece}` });
    await firstCard.getByRole('button', { name: /^Good/ }).click();
    await firstCard.getByRole('button', { name: 'Save return as good' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${firstPiece}: Return recorded` }),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Saving' })).toHaveCount(0);

    // Nothing lost, nothing charged: each piece scanned back is cleaning, every other still out,
    // and no booking owes anything.
    const states = new Map<string, string>();
    for (const product of new Set(parcels.map((parcel) => parcel.product))) {
      const answer = await request.get(`/api/admin/units?productId=${product._id}`, { headers });
      for (const unit of unitsResponseSchema.parse(await answer.json()).units) {
        states.set(unit.code, unit.state);
      }
    }
    for (const { bookingId, codes } of parcels) {
      for (const code of codes) {
        expect(states.get(code), code).toBe(back.includes(code) ? 'cleaning' : 'out');
      }
      expect((await detailOf(request, bookingId)).charges, bookingId).toEqual([]);
    }
    const fit = await detailOf(request, fitId);
    expect(fit.items[0]!.unitCode!.split(', ').sort()).toEqual([firstPiece!, exchangePiece].sort());
    expect(fit.charges).toEqual([]);
    expect(fit.refunds).toEqual([]);

    // The booking at risk, as the console shows it.
    await page.goto('/admin');
    await consoleSettled(page);
    const atRisk = page.getByRole('region', { name: /^At risk/ });
    await atRisk.getByRole('link', { name: `Choose for booking ${bookingNumber(riskId)}` }).click();
    const choices = page.getByRole('region', { name: 'At risk: choose what to send' });
    await expect(choices).toContainText(`${riskProduct.name} · size ${riskSize!.size}`);
    await expect(
      choices.getByRole('button', { name: `Send another piece in size ${riskSize!.size}` }),
    ).toBeDisabled();
    await expect(
      choices.getByRole('button', { name: `Send size ${otherSize!.size} instead` }),
    ).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${CONSOLE_SHOTS}/at-risk-console-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${CONSOLE_SHOTS}/at-risk-console-1280.png`, fullPage: true });

    // Its shopper follows the mail's link and chooses another size.
    // Mail leaves through the outbox a moment after the repair was recorded.
    let link: string | undefined;
    await expect(async () => {
      const { mails } = devMailResponseSchema.parse(
        await (await request.get('/api/dev/mail')).json(),
      );
      const mail = mails.find(
        (m) => m.to === riskShopper.email.toLowerCase() && m.subject.includes('may not be ready'),
      );
      link = /https?:\/\/[^\s"<>]+\/orders\/[0-9a-f-]+\/choose/.exec(mail?.text ?? '')?.[0];
      expect(link, 'the at-risk mail links to the choice page').toBeTruthy();
    }).toPass({ timeout: 10_000 });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    // My Bookings says so too, with the same way in.
    await signInWith(phone, riskShopper.token, '/orders');
    const notice = phone.getByRole('link', { name: 'Choose what we send' });
    await expect(notice).toHaveAttribute('href', new URL(link!).pathname);
    await notice.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: `${CONSOLE_SHOTS}/at-risk-my-bookings-390.png` });
    await phone.goto(new URL(link!).pathname);
    await expect(
      phone.getByRole('heading', { name: `Booking #${bookingNumber(riskId)}` }),
    ).toBeVisible();
    await expect(
      phone.getByRole('button', { name: `Another piece in ${riskSize!.size}` }),
    ).toBeDisabled();
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.screenshot({ path: `${CONSOLE_SHOTS}/at-risk-shopper-390.png`, fullPage: true });
    await phone.getByRole('button', { name: `Size ${otherSize!.size}` }).click();
    await expect(phone.getByRole('status')).toHaveText(
      `Done: a piece in size ${otherSize!.size} is set aside for your dates. Nothing else changes.`,
    );
    await expect(
      phone.getByText('Nothing to choose: every piece of this booking is on track.'),
    ).toBeVisible();
    await phone.setViewportSize({ width: 1280, height: 900 });
    await phone.screenshot({ path: `${CONSOLE_SHOTS}/at-risk-shopper-done-1280.png` });
    await phone.getByRole('link', { name: 'View my bookings' }).click();
    await expect(phone.getByTestId('booking-card').first()).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Choose what we send' })).toHaveCount(0);
    await context.close();

    // The server's record: the line is in the new size, on a unit in service, at the same price.
    const { bookings } = myBookingsResponseSchema.parse(
      await (
        await request.get('/api/booking/my', {
          headers: { authorization: `Bearer ${riskShopper.token}` },
        })
      ).json(),
    );
    const moved = bookings.find((b) => b._id === riskId)!;
    expect(moved.status).toBe('confirmed');
    expect(moved.items[0]!.size).toBe(otherSize!.size);
    expect(otherSize!.codes).toContain(moved.items[0]!.unitCode);
    expect(moved.refunds).toEqual([]);
    const after = atRiskResponseSchema.parse(
      await (await request.get(`/api/admin/bookings/${riskId}/at-risk`, { headers })).json(),
    );
    expect(after.lines).toEqual([]);

    // Taps and time per piece, for the note.
    test.info().annotations.push({
      type: 'pace',
      description: `sent ${PIECES_SENT} pieces in ${sendSeconds.toFixed(1)} s (${((sendSeconds / PIECES_SENT) * 1000).toFixed(0)} ms a piece, one scan and no tap each); checked in ${PIECES_BACK} in ${checkInSeconds.toFixed(1)} s (${((checkInSeconds / PIECES_BACK) * 1000).toFixed(0)} ms a piece, one scan and two taps each)`,
    });
    console.log(test.info().annotations.at(-1)!.description);
  });
});
