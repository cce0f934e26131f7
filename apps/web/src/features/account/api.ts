import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_MESSAGES as M,
  languageOfPath,
  MESSAGES,
  type PlansResponse,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type LoginBody,
  type MessageResponse,
  type RegisterBody,
  type TokenResponse,
  type UpdateProfileBody,
  type UpdateProfileResponse,
  type VerifyOtpBody,
} from '@pehnava/shared';
import { apiGet, apiRequest } from '../../lib/api-client';
import { startSession } from '../../lib/session';
import { moveShopperData } from '../../lib/shopper';

/** GET /api/subscription/plans (public): the plans and the price tiers' labels. */
const plansQuery = {
  queryKey: ['plans'],
  queryFn: () => apiGet<PlansResponse>('/subscription/plans', MESSAGES.failedToLoadPlans),
  staleTime: 5 * 60_000,
} as const;

/** The plans: their features are the benefits the Subscription tab lists. */
export function usePlans() {
  return useQuery({ ...plansQuery, select: (answer: PlansResponse) => answer.plans });
}

/** The plans with the price tiers' labels, for the plans page. */
export function usePlansWithTiers() {
  return useQuery(plansQuery);
}

const post = <T>(path: string, body: unknown, failed: string, error = failed) =>
  apiRequest<T>(path, { method: 'POST', body, fallback: { failed, error } });

export async function login(body: LoginBody): Promise<string> {
  const { token, message } = await post<TokenResponse>(
    '/user/login',
    body,
    M.loginFallback,
    M.loginError,
  );
  startSession(token);
  return message || M.loginSuccess;
}

/**
 * Sign-up step 1: the server mails a code, in the page's language, which the account then keeps
 * (decision 086). Resolves to the message to show.
 */
export async function register(body: RegisterBody, resend = false): Promise<string> {
  const { message } = await post<MessageResponse>(
    '/user/register',
    { ...body, language: languageOfPath(location.pathname) },
    resend ? M.otpResendFailed : M.registerFallback,
    resend ? M.otpResendFailed : M.registerError,
  );
  return message || M.otpSent;
}

export async function verifyOtp(body: VerifyOtpBody): Promise<string> {
  const { token, message } = await post<TokenResponse>(
    '/user/verify-otp',
    body,
    M.otpFallback,
    M.otpError,
  );
  startSession(token);
  return message || M.accountVerified;
}

export async function updateProfile(body: UpdateProfileBody): Promise<UpdateProfileResponse> {
  return post<UpdateProfileResponse>('/user/update-profile', body, M.profileUpdateFailed);
}

/**
 * A password change ends every older session, this one included; the answer's new token keeps
 * this shopper signed in, and their cached data moves to it.
 */
export async function changePassword(
  client: QueryClient,
  oldToken: string,
  body: ChangePasswordBody,
): Promise<string> {
  const { token, message } = await post<TokenResponse>(
    '/user/change-password',
    body,
    M.passwordChangeFailed,
  );
  moveShopperData(client, oldToken, token);
  startSession(token);
  return message;
}

export async function deleteAccount(body: DeleteAccountBody): Promise<string> {
  const { message } = await apiRequest<MessageResponse>('/user/delete-account', {
    method: 'DELETE',
    body,
    fallback: M.deleteFailed,
  });
  return message;
}
