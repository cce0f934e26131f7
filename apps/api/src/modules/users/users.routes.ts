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
import type { Authenticate } from '../../plugins/auth.js';
import type { AuthLimiterFactory } from '../../plugins/rate-limits.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  authLimiter: AuthLimiterFactory;
  authenticate: Authenticate;
}> = async (app, { users, authLimiter, authenticate }) => {
  app.post(
    '/user/register',
    {
      preHandler: authLimiter('register'),
      schema: { body: registerBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => ({ success: true as const, message: await users.register(request.body) }),
  );

  app.post(
    '/user/verify-otp',
    {
      preHandler: authLimiter('verify-otp'),
      schema: { body: verifyOtpBodySchema, response: { 200: tokenResponseSchema } },
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
      schema: { body: loginBodySchema, response: { 200: tokenResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      token: await users.login(request.body),
      message: ACCOUNT_MESSAGES.loginSuccess,
    }),
  );

  app.get(
    '/user/profile',
    { onRequest: authenticate, schema: { response: { 200: profileResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, user: request.account!.user };
    },
  );

  app.post(
    '/user/update-profile',
    {
      onRequest: authenticate,
      schema: { body: updateProfileBodySchema, response: { 200: updateProfileResponseSchema } },
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
      schema: { body: changePasswordBodySchema, response: { 200: changePasswordResponseSchema } },
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
      schema: { body: deleteAccountBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await users.deleteAccount(request.account!.id, request.body);
      return { success: true as const, message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};
