import { expect, test } from '../fixtures';

const FOOTER_LINKS = [
  ['Home', '/'],
  ['About Us', '/about'],
  ['Contact Us', '/contact'],
  ['Terms of Service', '/terms'],
  ['Refund Policy', '/refund'],
  ['Warranty Policy', '/privacy'],
  ['Subscription Plans', '/subscription-plans'],
] as const;

test('every page shows the promo banner, the header links and the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('WELCOME50')).toBeVisible();
  await expect(page.getByText(/50% off your first order/)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['HOME', 'COLLECTION', 'ABOUT', 'CONTACT', 'PLANS']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Log in or sign up' })).toHaveAttribute(
    'href',
    '/login',
  );

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('technology-driven fashion rental marketplace');
  await expect(footer).toContainText('Copyright 2025');
  // Contact details come from the server's configuration (defaults here).
  await expect(footer.getByRole('link', { name: '+91 22 4890 1200' })).toHaveAttribute(
    'href',
    'tel:+912248901200',
  );
  await expect(footer.getByRole('link', { name: 'care@pehnava.example' })).toHaveAttribute(
    'href',
    'mailto:care@pehnava.example',
  );
  await expect(footer).toContainText('Mumbai');
  await expect(footer.getByRole('link', { name: 'Pehnava on Instagram' })).toHaveAttribute(
    'href',
    /instagram\.com/,
  );
  await expect(footer.getByRole('link', { name: 'Pehnava on LinkedIn' })).toHaveAttribute(
    'href',
    /linkedin\.com/,
  );
  const links = footer.getByRole('navigation', { name: 'Footer' });
  for (const [label, href] of FOOTER_LINKS) {
    await expect(links.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'href',
      href,
    );
  }
});

test('on a small screen the menu slides in, follows a link and closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/no-such-page');
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByRole('link', { name: 'HOME' })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(menu.getByRole('link', { name: 'HOME' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'HOME' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(menu.getByRole('link', { name: 'HOME' })).not.toBeInViewport();
});
