import type { APIRequestContext } from '@playwright/test';
import {
  WHATSAPP_MESSAGES,
  devMailResponseSchema,
  whatsAppStatusResponseSchema,
} from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { expectToast } from '../toasts';
import { expect, test } from '../fixtures';

/** The server answers a wrong code and a code asked again too soon with 400 and 429. */
test.use({ expectedConsoleErrors: [/Failed to load resource.*status of (400|429)/] });

/** A 10-digit Indian mobile no other run has used (6 to 9 first). */
const freshMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/**
 * The newest code sent over WhatsApp to `phone`: the development stand-in puts each message in
 * the development mailbox, to 'WhatsApp +91 …' (apps/api/src/adapters/whatsapp/dev-whatsapp.ts).
 * It leaves through the outbox a moment after the commit, so this looks again for up to 10 s.
 */
async function readWhatsAppCode(request: APIRequestContext, phone: string): Promise<string> {
  for (let tries = 0; ; tries += 1) {
    const { mails } = devMailResponseSchema.parse(
      await (await request.get('/api/dev/mail')).json(),
    );
    const message = mails.find((mail) => mail.to === `WhatsApp +91 ${phone}`);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    if (code) return code;
    if (tries >= 100) throw new Error(`no WhatsApp code sent to ${phone}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('a shopper turns booking updates on WhatsApp on with a code, and off again', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { name: 'Meera Iyer' });
  const phone = freshMobile();
  await signInWith(page, account.token, '/profile');
  const section = page.getByRole('region', { name: 'Booking updates on WhatsApp' });
  await expect(section).toContainText('E-mail stays the record');
  await expect(section).toContainText('Replying STOP on WhatsApp');

  // A number that is not a mobile is refused before anything is sent.
  const number = section.getByLabel('WhatsApp number');
  await number.fill('12345');
  await section.getByRole('button', { name: 'Send code' }).click();
  await expect(section.getByRole('alert')).toHaveText(WHATSAPP_MESSAGES.invalidPhone);
  await expect(number).toHaveAttribute('aria-invalid', 'true');

  await number.fill(phone);
  await section.getByRole('button', { name: 'Send code' }).click();
  await expectToast(page, WHATSAPP_MESSAGES.codeSent);
  await expect(section).toContainText(`Enter the 6-digit code we sent on WhatsApp to +91 ${phone}`);
  const code = await readWhatsAppCode(request, phone);

  // Asking again at once is refused in the server's words, at the code.
  await section.getByRole('button', { name: 'Send again' }).click();
  await expect(section.getByRole('alert')).toHaveText(WHATSAPP_MESSAGES.resendTooSoon);

  // A wrong code first: the message at the field.
  const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
  await section.getByLabel('Code').fill(wrong);
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByRole('alert')).toHaveText(WHATSAPP_MESSAGES.codeWrong);

  await section.getByLabel('Code').fill(code);
  await section.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, WHATSAPP_MESSAGES.optedIn);
  await expect(section.getByTestId('whatsapp-on')).toHaveText(`On for +91 ${phone}`);

  await page.reload();
  await expect(section.getByTestId('whatsapp-on')).toHaveText(`On for +91 ${phone}`);

  await section.getByRole('button', { name: 'Turn off' }).click();
  await expectToast(page, WHATSAPP_MESSAGES.optedOut);
  await expect(section.getByRole('button', { name: 'Send code' })).toBeVisible();
  await expect(section.getByTestId('whatsapp-on')).toHaveCount(0);

  const { whatsapp } = whatsAppStatusResponseSchema.parse(
    await (
      await request.get('/api/user/whatsapp', {
        headers: { authorization: `Bearer ${account.token}` },
      })
    ).json(),
  );
  expect(whatsapp).toMatchObject({ state: 'off', phone: null });
});
