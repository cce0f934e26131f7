import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_MESSAGES as M,
  MESSAGES,
  type PlansResponse,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type LoginBody,
  type MessageResponse,
  type MySubscriptionResponse,
  type ProfileResponse,
  type RegisterBody,
  type TokenResponse,
  type UpdateProfileBody,
  type UpdateProfileResponse,
  type User,
  type VerifyOtpBody,
} from '@pehnava/shared';
import { apiGet, apiRequest } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ACCOUNT_QUERY_KEY, startSession, useToken, type SessionEnd } from '../../lib/session';

/**
 * The shopper's own data is keyed by their token, so nothing of one session can show in another;
 * the session watcher drops it all when a session ends.
 */
const ACCOUNT_KEY = [ACCOUNT_QUERY_KEY] as const;

export const profileQuery = (token: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_KEY, token, 'profile'],
    queryFn: async () => (await apiGet<ProfileResponse>('/user/profile', M.profileLoadFailed)).user,
    staleTime: 60_000,
  });

export const subscriptionQuery = (token: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_KEY, token, 'subscription'],
    queryFn: async () =>
      (await apiGet<MySubscriptionResponse>('/subscription/me', M.subscriptionLoadFailed))
        .subscription,
    staleTime: 60_000,
  });

export function useProfile() {
  const token = useToken();
  return useQuery({ ...profileQuery(token ?? ''), enabled: Boolean(token) });
}

export function useSubscription() {
  const token = useToken();
  return useQuery({ ...subscriptionQuery(token ?? ''), enabled: Boolean(token) });
}

/** The plans (public): their features are the benefits the Subscription tab lists. */
export function usePlans() {
  return useQuery({
    queryKey: ['plans'],
    queryFn: async () =>
      (await apiGet<PlansResponse>('/subscription/plans', MESSAGES.failedToLoadPlans)).plans,
    staleTime: 5 * 60_000,
  });
}

/** Warm the shopper's data (SPEC.md §4: after login, and at start with a stored token). */
export function prefetchAccount(client: QueryClient, token: string) {
  void client.prefetchQuery(profileQuery(token));
  void client.prefetchQuery(subscriptionQuery(token));
}

export function sayGoodbye(reason: SessionEnd) {
  if (reason === 'logout') notify.success(M.loggedOut);
  else notify.error(M.sessionExpired);
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

/** Sign-up step 1: the server mails a code. Resolves to the message to show. */
export async function register(body: RegisterBody, resend = false): Promise<string> {
  const { message } = await post<MessageResponse>(
    '/user/register',
    body,
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
  const profile = client.getQueryData<User>(profileQuery(oldToken).queryKey);
  if (profile) client.setQueryData(profileQuery(token).queryKey, profile);
  const subscription = client.getQueryData(subscriptionQuery(oldToken).queryKey);
  if (subscription) client.setQueryData(subscriptionQuery(token).queryKey, subscription);
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
