import { expect, test } from '../fixtures';

const LAST_UPDATED = 'Last updated: September 2025';

const POLICY_PAGES = [
  {
    path: '/terms',
    title: 'Terms of Service',
    sections: [
      'Acceptance of Terms',
      'Eligibility',
      'Our Services',
      'User Responsibilities',
      'Pricing and Payments',
      'Late Returns and Penalties',
    ],
  },
  {
    path: '/privacy',
    title: 'Warranty Policy',
    sections: ['Clean-Garment Promise', 'Damage Coverage', 'Fit Guarantee'],
  },
  {
    path: '/refund',
    title: 'Refund and Cancellation Policy',
    sections: ['Subscriptions', 'On-Demand Rentals', 'Refund Timeline', 'Non-Refundable Items'],
  },
] as const;

for (const policy of POLICY_PAGES) {
  test(`${policy.path} shows the ${policy.title} with its date and sections`, async ({ page }) => {
    await page.goto(policy.path);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: policy.title, exact: true }),
    ).toBeVisible();
    await expect(main.getByText(LAST_UPDATED, { exact: true })).toHaveCount(1);
    await expect(main.getByText(LAST_UPDATED, { exact: true })).toBeVisible();
    for (const section of policy.sections) {
      await expect(
        main.getByRole('heading', { level: 2, name: section, exact: true }),
      ).toBeVisible();
    }
  });
}

test('/about shows the story and the three value cards', async ({ page }) => {
  await page.goto('/about');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  for (const title of ['Quality Assurance', 'Convenience', 'Exceptional Experience']) {
    await expect(main.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
  }
  await expect(main.getByRole('heading', { name: 'The Closet Curator Program' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'The Pristine Promise' })).toBeVisible();
  await expect(main).toContainText('₹999');
  await expect(main).toContainText('₹1,999');
});

test('/contact shows the configured contact details', async ({ page }) => {
  await page.goto('/contact');
  // The footer repeats the same details, so look only inside the page's main content.
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(main.getByRole('link', { name: '+91 22 4890 1200', exact: true })).toHaveAttribute(
    'href',
    'tel:+912248901200',
  );
  await expect(
    main.getByRole('link', { name: 'care@pehnava.example', exact: true }),
  ).toHaveAttribute('href', 'mailto:care@pehnava.example');
  await expect(main.getByText('Mumbai', { exact: true })).toBeVisible();
  await expect(main).toContainText('10 am to 7 pm IST');
});

test('/contact careers button only shows the not-hiring message', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'View Openings' }).click();
  await expect(
    page.getByText("We are currently not hiring. We'll open roles soon, please keep checking.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
});

for (const path of ['/about', '/contact', '/terms', '/privacy', '/refund', '/collection']) {
  test(`${path} has exactly one h1`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);
  });
}

test('/ has exactly one h1, for screen readers and search engines above the carousel', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    'Pehnava: rent wedding and occasion wear',
  );
  await expect(page.locator('h1')).toHaveCount(1);
});
