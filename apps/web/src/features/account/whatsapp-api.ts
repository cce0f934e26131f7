import { queryOptions } from '@tanstack/react-query';
import {
  WHATSAPP_MESSAGES,
  isIndianMobile,
  type WhatsAppStartBody,
  type WhatsAppStatus,
  type WhatsAppStatusResponse,
  type WhatsAppVerifyBody,
} from '@pehnava/shared';
import { apiGet, apiRequest } from '../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../lib/session';

/** The shopper's booking updates on WhatsApp (decision 085), kept with the session's data. */
export const whatsAppQuery = (token: string) =>
  queryOptions({
    queryKey: [ACCOUNT_QUERY_KEY, token, 'whatsapp'] as const,
    queryFn: async () =>
      (await apiGet<WhatsAppStatusResponse>('/user/whatsapp', WHATSAPP_MESSAGES.unavailable))
        .whatsapp,
  });

export interface WhatsAppAnswer {
  status: WhatsAppStatus;
  message: string | undefined;
}

const call = async (
  method: 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<WhatsAppAnswer> => {
  const answer = await apiRequest<WhatsAppStatusResponse>(path, {
    method,
    body,
    fallback: WHATSAPP_MESSAGES.unavailable,
  });
  return { status: answer.whatsapp, message: answer.message };
};

/** Send a code over WhatsApp to the number (one a minute, 5 an hour: 429 with the reason). */
export const startWhatsApp = (body: WhatsAppStartBody) =>
  call('POST', '/user/whatsapp/start', body);

/** The code received turns updates on; a wrong or expired one is a 400 with its message. */
export const verifyWhatsApp = (body: WhatsAppVerifyBody) =>
  call('POST', '/user/whatsapp/verify', body);

export const stopWhatsApp = () => call('DELETE', '/user/whatsapp');

/**
 * The profile's phone as a WhatsApp number, when it is one: spaces, dashes, a leading +91, 91 or
 * 0 dropped. Anything else prefills nothing.
 */
export function mobileFromProfile(phone: string): string {
  let digits = phone.replace(/[\s()-]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return isIndianMobile(digits) ? digits : '';
}
