import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  deleteAccountBodySchema,
  updateProfileBodySchema,
  updateProfileResponseSchema,
  loginBodySchema,
  messageResponseSchema,
  profileResponseSchema,
  registerBodySchema,
  tokenResponseSchema,
  verifyOtpBodySchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { Authenticate } from '../../plugins/auth.js';
import type { AuthLimiterFactory } from '../../plugins/rate-limits.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  authLimiter: AuthLimiterFactory;
  authenticate: Authenticate;
}> = async (app, { users, authLimiter, authenticate }) => {
  const tags = ['Accounts'];
  app.post(
    '/user/register',
    {
      preHandler: authLimiter('register'),
      schema: {
        tags,
        summary: 'Sign up: mails a 6-digit code to the address',
        body: registerBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 409, 429, 502) },
      },
    },
    async (request) => ({ success: true as const, message: await users.register(request.body) }),
  );

  app.post(
    '/user/verify-otp',
    {
      preHandler: authLimiter('verify-otp'),
      schema: {
        tags,
        summary: 'Sign up, step 2: the mailed code creates the account and answers a session token',
        body: verifyOtpBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      token: await users.verifyOtp(request.body),
      message: ACCOUNT_MESSAGES.accountVerified,
    }),
  );

  app.post(
    '/user/login',
    {
      preHandler: authLimiter('login'),
      schema: {
        tags,
        summary: 'Log in: answers a session token (7 days)',
        body: loginBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      token: await users.login(request.body),
      message: ACCOUNT_MESSAGES.loginSuccess,
    }),
  );

  app.get(
    '/user/profile',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: NEEDS_SESSION,
        summary: "The shopper's account",
        response: { 200: profileResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, user: request.account!.user };
    },
  );

  app.post(
    '/user/update-profile',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: NEEDS_SESSION,
        summary: 'Change name, phone and address (anything else in the body is ignored)',
        body: updateProfileBodySchema,
        response: { 200: updateProfileResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      user: await users.updateProfile(request.account!.id, request.body),
      message: ACCOUNT_MESSAGES.profileUpdated,
    }),
  );

  app.post(
    '/user/change-password',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: NEEDS_SESSION,
        summary: 'Change the password: ends every session and answers a new token',
        body: changePasswordBodySchema,
        response: { 200: changePasswordResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      token: await users.changePassword(request.account!.id, request.body),
      message: ACCOUNT_MESSAGES.passwordChanged,
    }),
  );

  app.delete(
    '/user/delete-account',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: NEEDS_SESSION,
        summary: 'Delete the account, confirmed with the password',
        body: deleteAccountBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await users.deleteAccount(request.account!.id, request.body);
      return { success: true as const, message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};
