import { adminBookingDetailResponseSchema, bookingNumber, type Product } from '@pehnava/shared';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { createAccount, signInWith } from '../accounts';
import { CHROMIUM_ARGS, findChromium } from '../browser';
import { paidBooking, paidBookingOfLines } from '../bookings';
import {
  CONSOLE_SHOTS,
  consoleSettled,
  operatorToken,
  packerToken,
  scan,
  seriousViolations,
} from '../console';
import { expect, test } from '../fixtures';
import type { WorkerProducts } from '../worker-products';

/*
 * The packing table at a scanner's pace (issue [N]): a handheld scanner types a whole tag code and
 * Enter whenever the next piece is in hand, so no keystroke may be lost, whenever it arrives; and
 * a tap answers at once.
 */

// The barcode reader's WebAssembly from the package itself (it would otherwise fetch it).
prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(
      createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
    ),
  },
});

/** How many pieces the check-in run scans, one after another. */
const SCANS = 30;

const admin = async (request: APIRequestContext) => ({
  authorization: `Bearer ${await operatorToken(request)}`,
});

/**
 * At least `count` pieces out with shoppers: a booking of each size of this worker's products,
 * each sent through the admin API. Each piece with its booking and line.
 */
async function piecesOut(request: APIRequestContext, products: WorkerProducts, count: number) {
  const shopper = await createAccount(request);
  const pieces: { bookingId: string; itemId: string; code: string }[] = [];
  while (pieces.length < count) {
    const product = products.take((p) => p.sizes.filter((s) => s.available).length >= 3);
    for (const { size } of product.sizes.filter((s) => s.available)) {
      const { bookingId } = await paidBooking(request, shopper.token, product, {
        startInDays: 1,
        size,
      });
      const sent = await request.post(`/api/admin/bookings/${bookingId}/dispatch`, {
        headers: await admin(request),
        data: {},
      });
      expect(sent.ok(), await sent.text()).toBe(true);
      const { booking } = adminBookingDetailResponseSchema.parse(await sent.json());
      for (const item of booking.items) {
        for (const code of item.unitCode!.split(', ')) {
          pieces.push({ bookingId, itemId: item._id, code });
        }
      }
    }
  }
  return pieces.slice(0, count);
}

/** A booking's reserved tag codes, as the admin API lists them, in line order. */
async function reservedCodes(request: APIRequestContext, bookingId: string) {
  const answer = await request.get(`/api/admin/bookings/${bookingId}`, {
    headers: await admin(request),
  });
  const { booking } = adminBookingDetailResponseSchema.parse(await answer.json());
  return booking.items.flatMap((item) => item.unitCode!.split(', '));
}

/** A paid booking of one piece of each product, starting in `startInDays`; its id. */
const paidBookingOf = (
  request: APIRequestContext,
  token: string,
  products: Product[],
  startInDays: number,
) =>
  paidBookingOfLines(
    request,
    token,
    products.map((product) => ({ product })),
    startInDays,
  );

/**
 * A video for Chromium's stand-in camera (YUV4MPEG2, 1280 × 720, a few frames) that films `picture`
 * (a PNG of a printed tag) on white, as a phone held over the label would.
 */
async function cameraFilming(picture: Buffer): Promise<Buffer> {
  const [width, height] = [1280, 720];
  const luma = await sharp(picture)
    .resize(width, height, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer();
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]);
}

test.describe('at the packing table, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test(`${SCANS} tags scanned in a row, each at another moment after the save before it: every piece found and saved`, async ({
    page,
    request,
    workerProducts,
  }) => {
    test.setTimeout(240_000);
    const pieces = await piecesOut(request, workerProducts, SCANS);

    await signInWith(page, await packerToken(request), '/admin/check-in');
    await expect(page.getByLabel('Tag code')).toBeFocused();
    // The next code arrives 50 ms after the tap on Save (the save still on its way), as the
    // confirmation appears, or a second later, in turn.
    const moments = ['50 ms after the tap', 'as the confirmation appears', 'a second later'];
    await scan(page, pieces[0]!.code);
    for (const [i, piece] of pieces.entries()) {
      const card = page.getByRole('region', { name: `Piece ${piece.code}` });
      await expect(card, `scan ${i + 1} (${piece.code}) was found`).toBeVisible();
      await card.getByRole('button', { name: /^Good/ }).click();
      await card.getByRole('button', { name: 'Save return as good' }).click();
      const saved = page.getByRole('status').filter({ hasText: `${piece.code}: Return recorded` });
      const next = pieces[i + 1];
      if (!next) {
        await expect(saved).toBeVisible();
        break;
      }
      const moment = moments[i % moments.length];
      if (moment === '50 ms after the tap') {
        await page.waitForTimeout(50);
      } else {
        await saved.waitFor();
        if (moment === 'a second later') await page.waitForTimeout(1000);
      }
      await scan(page, next.code);
      if (i === 0) {
        await page.screenshot({ path: `${CONSOLE_SHOTS}/check-in-scanning-390.png` });
      }
    }
    await expect(page.getByRole('status').filter({ hasText: 'Saving' })).toHaveCount(0);
    await expect(page.getByLabel('Tag code')).toBeFocused();
    await expect(page.getByLabel('Tag code')).toHaveValue('');
    await page.screenshot({ path: `${CONSOLE_SHOTS}/check-in-log-390.png`, fullPage: true });

    // Every piece is back, as good, by the server's own record.
    const headers = await admin(request);
    for (const bookingId of new Set(pieces.map((p) => p.bookingId))) {
      const { booking } = adminBookingDetailResponseSchema.parse(
        await (await request.get(`/api/admin/bookings/${bookingId}`, { headers })).json(),
      );
      for (const piece of pieces.filter((p) => p.bookingId === bookingId)) {
        const item = booking.items.find((it) => it._id === piece.itemId)!;
        expect(item.condition, `${piece.code} checked in`).toBe('good');
        expect(item.returnedAt).not.toBeNull();
      }
    }
  });

  test.describe('when the server refuses', () => {
    // The API answers 409, which the browser logs; the screen says it plainly.
    test.use({ expectedConsoleErrors: [/status of 409/] });

    test('a save the server refuses says so loudly and leads back to the piece', async ({
      page,
      request,
      workerProducts,
    }) => {
      const [piece] = await piecesOut(request, workerProducts, 1);
      await signInWith(page, await packerToken(request), `/admin/check-in?code=${piece!.code}`);
      const card = page.getByRole('region', { name: `Piece ${piece!.code}` });
      await card.getByRole('button', { name: /^Needs repair/ }).click();
      // Someone at another table checks it in as good meanwhile: this save is then a conflict.
      const other = await request.post(`/api/admin/bookings/${piece!.bookingId}/return`, {
        headers: await admin(request),
        data: { items: [{ itemId: piece!.itemId, unitCode: piece!.code, condition: 'good' }] },
      });
      expect(other.ok(), await other.text()).toBe(true);
      await card.getByRole('button', { name: 'Save return as needs repair' }).click();

      const refused = page.getByRole('alert').filter({ hasText: `${piece!.code}: not saved.` });
      await expect(refused).toContainText('good');
      await expect(page.getByLabel('Tag code')).toBeFocused();
      await page.screenshot({ path: `${CONSOLE_SHOTS}/check-in-refused-390.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      // Opened again, the piece is as the server now has it: back, checked in at the other table.
      await refused.getByRole('button', { name: 'Open again' }).click();
      await expect(page.getByRole('alert').filter({ hasText: /^Unit / })).toHaveText(
        `Unit ${piece!.code} is not out with a shopper: it is cleaning`,
      );
      await expect(page.getByRole('region', { name: `Piece ${piece!.code}` })).toHaveCount(0);
    });

    test('Dispatch says Sent at the tap, and a refusal puts the button back with the reason', async ({
      page,
      request,
      workerProducts,
    }) => {
      const shopper = await createAccount(request);
      const [first, second] = [workerProducts.take(), workerProducts.take()];
      const sent = (await paidBooking(request, shopper.token, first!, { startInDays: 1 }))
        .bookingId;
      const refused = (await paidBooking(request, shopper.token, second!, { startInDays: 1 }))
        .bookingId;

      await signInWith(page, await packerToken(request), '/admin');
      await consoleSettled(page);
      const sendToday = page.getByRole('region', { name: /^Send today/ });
      const rowOf = (id: string) =>
        sendToday
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: `#${bookingNumber(id)}` }) });

      // The server is held for a moment: the row says Sent before it answers.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/admin/bookings/${sent}/dispatch`, async (route) => {
        await held;
        await route.continue();
      });
      await rowOf(sent)
        .getByRole('button', { name: `Dispatch booking ${bookingNumber(sent)}` })
        .click();
      await expect(rowOf(sent).getByText('Sent', { exact: true })).toBeVisible();
      await expect(rowOf(sent).getByText('Saving…')).toBeVisible();
      release();
      await expect(rowOf(sent).getByText('Saving…')).toHaveCount(0);
      await expect(rowOf(sent).getByText('Sent', { exact: true })).toBeVisible();

      // Cancelled at the desk after the list was loaded: the server refuses to send it.
      const cancel = await request.post(`/api/admin/bookings/${refused}/cancel`, {
        headers: await admin(request),
        data: { reason: 'The shopper called to cancel' },
      });
      expect(cancel.ok(), await cancel.text()).toBe(true);
      await rowOf(refused)
        .getByRole('button', { name: `Dispatch booking ${bookingNumber(refused)}` })
        .click();
      await expect(rowOf(refused).getByRole('alert')).toContainText('Not sent:');
      await expect(
        rowOf(refused).getByRole('button', { name: `Dispatch booking ${bookingNumber(refused)}` }),
      ).toBeVisible();
    });
  });

  test.describe('scan to send', () => {
    // The unknown tag is a 404 from the API, which the browser logs.
    test.use({ expectedConsoleErrors: [/status of 404/] });

    test('pieces scanned on Today are packed into their parcel and sent; wrong, early and sent pieces are refused', async ({
      page,
      request,
      workerProducts,
    }) => {
      const shopper = await createAccount(request);
      const take = () => workerProducts.take();
      const two = await paidBookingOf(request, shopper.token, [take(), take()], 1);
      const one = await paidBookingOf(request, shopper.token, [take()], 1);
      const early = await paidBookingOf(request, shopper.token, [take()], 2);
      const gone = await paidBookingOf(request, shopper.token, [take()], 1);
      const [a1, a2] = await reservedCodes(request, two);
      const [b1] = await reservedCodes(request, one);
      const [c1] = await reservedCodes(request, early);
      const [d1] = await reservedCodes(request, gone);
      const sentAlready = await request.post(`/api/admin/bookings/${gone}/dispatch`, {
        headers: await admin(request),
        data: {},
      });
      expect(sentAlready.ok()).toBe(true);
      const [A, B, C, D] = [two, one, early, gone].map((id) => bookingNumber(id)) as [
        string,
        string,
        string,
        string,
      ];

      await signInWith(page, await packerToken(request), '/admin');
      await consoleSettled(page);
      const panel = page.getByRole('region', { name: 'Scan to send' });
      const said = panel.getByRole('status');
      const refused = panel.getByRole('alert');

      // The scanner types wherever the focus is: nothing has it yet.
      await scan(page, a1!.toLowerCase());
      await expect(said).toHaveText(`${a1} packed for #${A}: 1 of 2`);
      await expect(panel.getByRole('group', { name: `Packing #${A}` })).toContainText('1 of 2');

      await scan(page, b1!);
      await expect(refused).toHaveText(
        `${b1} is not part of #${A}: finish packing #${A}, or put it aside first`,
      );
      await page.screenshot({ path: `${CONSOLE_SHOTS}/scan-refused-390.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await scan(page, c1!);
      await expect(refused).toHaveText(`${c1} is for #${C}, to be sent tomorrow: not today`);
      await scan(page, d1!);
      await expect(refused).toHaveText(`${d1} was already sent with #${D}`);
      await scan(page, 'NO-SUCH-TAG-7');
      await expect(refused).toHaveText('No unit has the code NO-SUCH-TAG-7');

      await scan(page, a2!);
      await expect(said).toHaveText(`${a2} packed: #${A} is complete, ready to send`);
      await page.screenshot({ path: `${CONSOLE_SHOTS}/scan-complete-390.png`, fullPage: true });
      await panel.getByRole('button', { name: `Send #${A}` }).click();
      const sendToday = page.getByRole('region', { name: /^Send today/ });
      const rowOf = (number: string) =>
        sendToday
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: `#${number}` }) });
      await expect(rowOf(A).getByText('Sent', { exact: true })).toBeVisible();
      await expect(rowOf(A).getByText('Saving…')).toHaveCount(0);

      // Set to send at the last scan: one scan sends a booking of one piece.
      await panel.getByLabel('Send a booking as soon as its last piece is scanned').check();
      await scan(page, b1!);
      await expect(said).toHaveText(`#${B} sent`);
      await expect(rowOf(B).getByText('Sent', { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Scan a tag to pack it' })).toHaveValue('');

      // Sent by the server, as the board now says.
      for (const id of [two, one]) {
        const detail = await request.get(`/api/admin/bookings/${id}`, {
          headers: await admin(request),
        });
        const { booking } = adminBookingDetailResponseSchema.parse(await detail.json());
        expect(booking.status).toBe('shipped');
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${CONSOLE_SHOTS}/scan-to-send-1280.png` });
    });
  });
});

test.describe('printed tags', () => {
  // Pictures at about 300 dots an inch, as a label printer prints them.
  test.use({ deviceScaleFactor: 3 });

  for (const width of [390, 1280]) {
    test(`printed tags carry each piece's code as a barcode a reader reads back, at ${width} px`, async ({
      page,
      request,
      workerProducts,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const product = workerProducts.take((p) => p.sizes.filter((s) => s.available).length >= 2);
      await signInWith(page, await packerToken(request), `/admin/units?product=${product._id}`);
      await consoleSettled(page);
      await page.getByRole('link', { name: 'Print tags' }).click();
      await expect(page).toHaveTitle('Print tags · Pehnava Ops');
      const tags = page.getByRole('figure', { name: /^Tag PHN-/ });
      await expect(tags.first()).toBeVisible();
      const codes = (
        await tags.evaluateAll((all) => all.map((tag) => tag.getAttribute('aria-label')))
      ).map((label) => label!.replace(/^Tag /, ''));
      expect(codes.length).toBeGreaterThanOrEqual(2);
      await page.screenshot({ path: `${CONSOLE_SHOTS}/tags-a4-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // Each label as printed (print media), read by ZXing from its picture.
      await page.getByLabel('Thermal labels, 50 × 25 mm').check();
      await expect(page).toHaveURL(/layout=thermal/);
      await page.emulateMedia({ media: 'print' });
      for (const code of codes.slice(0, 3)) {
        const picture = await page
          .getByRole('figure', { name: `Tag ${code}` })
          .screenshot({ scale: 'device' });
        const [read] = await readBarcodes(new Uint8Array(picture), { formats: ['Code128'] });
        expect(read?.text, `the tag of ${code}`).toBe(code);
      }
      await page.emulateMedia({ media: 'screen' });
      await page.screenshot({ path: `${CONSOLE_SHOTS}/tags-thermal-${width}.png`, fullPage: true });

      // One piece's tag, from its row in Units.
      await page.goto(`/admin/units?product=${product._id}`);
      await page.getByRole('link', { name: `Print the tag of ${codes[0]}` }).click();
      await expect(page.getByRole('figure', { name: /^Tag / })).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Print 1 tag' })).toBeEnabled();
    });
  }

  test('tags for every new piece: printed, then marked, they leave the list', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWith(page, await packerToken(request), '/admin/units');
    await consoleSettled(page);
    await page.getByRole('link', { name: 'Tags for new pieces' }).click();
    await expect(page.getByRole('heading', { name: 'Tags for new pieces' })).toBeVisible();
    const tags = page.getByRole('figure', { name: /^Tag PHN-/ });
    await expect(tags.first()).toBeVisible();
    const codes = (
      await tags.evaluateAll((all) => all.map((tag) => tag.getAttribute('aria-label')))
    ).map((label) => label!.replace(/^Tag /, ''));
    await page.screenshot({ path: `${CONSOLE_SHOTS}/tags-new-390.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('button', {
        name: codes.length === 1 ? 'Mark it as printed' : `Mark these ${codes.length} as printed`,
      })
      .click();
    await expect(page.getByRole('status')).toHaveText(
      codes.length === 1 ? '1 tag marked as printed' : `${codes.length} tags marked as printed`,
    );
    // The list as the server now has it: none of those pieces is new any more.
    await expect(page.getByRole('figure', { name: `Tag ${codes[0]}` })).toHaveCount(0);
    const answer = await request.get('/api/admin/units/new-tags', {
      headers: await admin(request),
    });
    const left = ((await answer.json()) as { units: { code: string }[] }).units.map((u) => u.code);
    expect(left.filter((code) => codes.includes(code))).toEqual([]);
  });

  test('a phone camera reads a printed tag where the browser has no barcode reader of its own', async ({
    page,
    request,
    workerProducts,
  }, testInfo) => {
    const [piece] = await piecesOut(request, workerProducts, 1);
    const token = await packerToken(request);
    const product = piece!.code.split('-').slice(0, 3).join('-');
    const { products } = (await (await request.get('/api/product/list')).json()) as {
      products: { _id: string; productId: string }[];
    };
    const id = products.find((p) => p.productId === product)!._id;
    await signInWith(page, token, `/admin/tags?product=${id}&code=${piece!.code}`);
    const label = await page.getByRole('figure', { name: `Tag ${piece!.code}` }).screenshot();
    const video = testInfo.outputPath('camera.y4m');
    writeFileSync(video, await cameraFilming(label));

    // A browser whose camera films that label (Chromium's stand-in camera playing the video).
    const browser = await chromium.launch({
      executablePath: findChromium(),
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        viewport: { width: 390, height: 844 },
      });
      const phone = await context.newPage();
      await signInWith(phone, token, '/admin/check-in');
      expect(await phone.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
      await phone.getByRole('button', { name: 'Scan with camera' }).click();
      await expect(phone.getByRole('region', { name: `Piece ${piece!.code}` })).toBeVisible();
      await expect(phone.getByRole('button', { name: 'Scan with camera' })).toBeVisible();
    } finally {
      await browser.close();
    }
  });
});
