import sharp from 'sharp';
import { signInWith } from '../accounts';
import { CONSOLE_SHOTS, consoleSettled, operatorToken, seriousViolations } from '../console';
import { expect, test } from '../fixtures';
import { expectToast } from '../toasts';

/*
 * The catalogue in the console (issue [K]): an admin adds a product with two photos dropped in
 * and reordered, and it is in the shop straight away, with those photos; an edit made meanwhile
 * by someone else is not overwritten.
 */

/** A photo as a phone would take it: a colour field with a gold motif, big enough. */
async function photo(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="${width / 4}" y="${height / 5}" width="${width / 2}" height="${(height * 3) / 5}" rx="40" fill="#c9a227"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

for (const width of [390, 1280]) {
  test(`an admin adds a product with two photos and the shop shows it, at ${width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const code = `PHN-E2E-${width}-${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const name = `Peacock Silk Sharara ${width}`;
    await signInWith(page, await operatorToken(request), '/admin/catalogue');
    await consoleSettled(page);
    await page.getByRole('link', { name: 'Add product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page
      .getByLabel('Description', { exact: true })
      .fill('Peacock-blue silk sharara with gota borders.');
    await page.getByLabel('MRP', { exact: true }).fill('8200');
    await page.getByLabel('2 days', { exact: true }).fill('790');
    await page.getByLabel('4 days', { exact: true }).fill('1030');
    await page.getByLabel('7 days', { exact: true }).fill('1340');
    await page.getByLabel('14 days', { exact: true }).fill('1975');
    await page.getByLabel('Pieces', { exact: true }).first().fill('2');
    await page.getByLabel('Value', { exact: true }).first().fill('Women');

    // Two photos chosen at once; the second then made the cover.
    await page.getByLabel('Choose photos').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo(900, 1200, '#0f5c6e') },
      { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo(1200, 1600, '#7a1f3d') },
    ]);
    const photos = page.getByRole('list', { name: 'Photos in order' }).getByRole('listitem');
    await expect(photos).toHaveCount(2);
    const second = await photos.nth(1).getByRole('img').getAttribute('src');
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await expect(photos.first().getByRole('img')).toHaveAttribute('src', second!);
    await page.screenshot({ path: `${CONSOLE_SHOTS}/product-new-${width}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create product' }).click();
    await expectToast(page, `Product ${code} created`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/catalogue\/[0-9a-f-]{36}$/);
    // The tier is the server's, from the MRP.
    await expect(page.getByText(/^Tier: Royal · ₹5,000 to ₹10,000 MRP\./)).toBeVisible();
    const id = page.url().split('/').pop()!;

    // In the shop at once: its page, with the cover first and both photos.
    await page.goto(`/product/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('main-image')).toHaveAttribute('src', second!);
    const image = await request.get(second!, { headers: { accept: 'image/avif,image/webp' } });
    expect(image.headers()['content-type']).toBe('image/avif');
    await page.screenshot({ path: `${CONSOLE_SHOTS}/product-in-shop-${width}.png` });
  });
}

test.describe('two admins on one product', () => {
  // The refused save is a 409 from the API, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test('an edit made on an older copy of a product is refused, not saved over the newer one', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const token = await operatorToken(request);
    const code = `PHN-OLD-${Date.now().toString(36).slice(-6).toUpperCase()}`;
    const made = await request.post('/api/admin/products', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        productId: code,
        name: 'Ivory Chikankari Kurta Set',
        description: 'Hand-embroidered chikankari on soft mul cotton.',
        condition: 'New, dry-cleaned and checked',
        mrp: 4200,
        twoDayRentalPrice: 420,
        fourDayRentalPrice: 550,
        sevenDayRentalPrice: 715,
        fourteenDayRentalPrice: 1050,
        bestseller: false,
        isAvailable: true,
        sizes: [{ size: 'L', available: true, units: 1 }],
        filters: [{ type: 'category', value: 'Men' }],
        images: [],
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const { product } = (await made.json()) as { product: { _id: string; name: string } };
    await signInWith(page, token, `/admin/catalogue/${product._id}`);
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    const original = product.name;

    // A second admin saves the same product first.
    // Another tab of the same login (the same session, as two admins at one desk would have).
    const other = await page.context().newPage();
    await other.goto(page.url());
    await other.getByLabel('Condition').fill('Like new, steam-pressed');
    await other.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(other, `Product ${code} saved`);
    await other.close();

    await page.getByLabel('Name', { exact: true }).fill(`${original} (renamed)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Someone else changed this product since you opened it: reload to see their changes',
    );
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(original);
    await expect(page.getByLabel('Condition')).toHaveValue('Like new, steam-pressed');
  });
});
