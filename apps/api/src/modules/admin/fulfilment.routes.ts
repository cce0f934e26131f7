import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEW_TAGS_LIMIT,
  newTagsResponseSchema,
  tagsPrintedBodySchema,
  tagsPrintedResponseSchema,
  adminBookingDetailResponseSchema,
  bookingIdParamsSchema,
  dispatchBodySchema,
  dispatchesQuerySchema,
  dispatchesResponseSchema,
  returnBodySchema,
  returnsQuerySchema,
  returnsResponseSchema,
  unitBlockBodySchema,
  unitBlockParamsSchema,
  unitCodeParamsSchema,
  unitStateBodySchema,
  unitStateResponseSchema,
  unitsQuerySchema,
  unitsResponseSchema,
  waiveChargeBodySchema,
  waiveChargeParamsSchema,
} from '@pehnava/shared';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import type { Charges } from '../bookings/charges.service.js';
import type { Fulfilment } from '../bookings/fulfilment.service.js';
import type { Operations } from '../bookings/operations.service.js';
import type { UnitActor } from '../units/units.repository.js';
import type { Units } from '../units/units.service.js';
import { FOR_STAFF } from './operator-guard.js';

const actorOf = (request: FastifyRequest): UnitActor => ({
  id: request.account!.id,
  email: request.account!.user.email,
  role: request.account!.user.role,
});

/**
 * The physical loop for the shop's staff (issue [J]): the day's dispatches and returns, sending
 * and checking in a booking's pieces, and each unit's state. Registered inside adminRoutes, whose
 * guard covers it. Staff may use all of it but waiving a charge.
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod<{
  fulfilment: Fulfilment;
  units: Units;
  charges: Pick<Charges, 'waive'>;
  operations: Pick<Operations, 'adminDetail'>;
}> = async (app, { fulfilment, units, charges, operations }) => {
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };
  const detail = {
    200: adminBookingDetailResponseSchema,
    ...errorResponses(400, 401, 403, 404, 409),
  };

  app.get(
    '/admin/dispatches',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: "A day's dispatches: paid bookings whose pieces leave that day, with unit codes",
        description: 'Today in India unless `date` (YYYY-MM-DD) is given.',
        querystring: dispatchesQuerySchema,
        response: { 200: dispatchesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await fulfilment.dispatches(request.query.date)) };
    },
  );

  app.get(
    '/admin/returns',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary:
          'Returns due on a day (today unless `date`), or every overdue one (`overdue=true`)',
        querystring: returnsQuerySchema,
        response: { 200: returnsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await fulfilment.returns(request.query)) };
    },
  );

  app.post(
    '/admin/bookings/:id/dispatch',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Send a paid booking: its units go out and it becomes shipped',
        description:
          'The reserved unit of each item unless `items` names another free unit of the same product and size. The shopper is mailed. Sending again changes nothing and says so.',
        params: bookingIdParamsSchema,
        body: dispatchBodySchema,
        response: detail,
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const outcome = await fulfilment.dispatch(actorOf(request), id, request.body);
      return {
        success: true as const,
        message: outcome.message,
        booking: await operations.adminDetail(id, request.publicOrigin),
      };
    },
  );

  app.post(
    '/admin/bookings/:id/return',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Check items in with their condition (good, needs-repair, major-damage, lost)',
        description:
          'Items may come back on different days (`returnedOn`, today unless given). Units go to cleaning, repair or retired. The shopper is mailed. The same return again changes nothing and says so.',
        params: bookingIdParamsSchema,
        body: returnBodySchema,
        response: detail,
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const outcome = await fulfilment.recordReturn(actorOf(request), id, request.body);
      return {
        success: true as const,
        message: outcome.message,
        booking: await operations.adminDetail(id, request.publicOrigin),
      };
    },
  );

  app.get(
    '/admin/units',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: "A product's units: state, the booking each is out with, coming holds",
        querystring: unitsQuerySchema,
        response: { 200: unitsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await units.ofProduct(request.query.productId)) };
    },
  );

  app.get(
    '/admin/units/new-tags',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Pieces whose tags were never printed (new pieces), across the catalogue',
        description: `The first ${NEW_TAGS_LIMIT} by product code, size and number, and how many in all; retired pieces are left out.`,
        response: { 200: newTagsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await units.newTags()) };
    },
  );

  app.post(
    '/admin/units/tags-printed',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Mark pieces’ tags as printed, so they leave the new pieces’ list',
        description:
          'All or nothing: a code no piece has is a 400 that marks none. Pieces already marked keep their time; marking them again changes nothing and says so.',
        body: tagsPrintedBodySchema,
        response: { 200: tagsPrintedResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await units.markTagsPrinted(request.body.codes)),
    }),
  );

  app.post(
    '/admin/units/:unitCode/state',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: "Set a unit's state by hand (in-service, cleaning, repair, retired) with a note",
        description:
          'A unit out with a shopper changes only by its return. A unit sent to repair or retired hands its coming holds to another free unit of the size, or they are marked at risk.',
        params: unitCodeParamsSchema,
        body: unitStateBodySchema,
        response: { 200: unitStateResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await units.setState(actorOf(request), request.params.unitCode, request.body)),
    }),
  );

  app.post(
    '/admin/bookings/:id/charges/:chargeId/waive',
    {
      schema: {
        ...docs,
        summary: 'Waive a charge still due (late fee, purchase or damage), with a reason',
        description:
          'Kept in the audit trail. Waived again: nothing changes, and it says so; a paid charge is a 409.',
        params: waiveChargeParamsSchema,
        body: waiveChargeBodySchema,
        response: detail,
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const outcome = await charges.waive(
        actorOf(request),
        id,
        request.params.chargeId.toLowerCase(),
        request.body.reason,
      );
      return {
        success: true as const,
        message: outcome.message,
        booking: await operations.adminDetail(id, request.publicOrigin),
      };
    },
  );

  app.post(
    '/admin/units/:unitCode/blocks',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Block a unit for maintenance from `from` to `to` (both inclusive), with a reason',
        description:
          "The product page's calendar greys those days when no other unit is free. Holds of those days not yet sent move to another free unit of the size; when one cannot, nothing changes and the 409 names the booking. The same block again changes nothing and says so.",
        params: unitCodeParamsSchema,
        body: unitBlockBodySchema,
        response: { 200: unitStateResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await units.addBlock(actorOf(request), request.params.unitCode, request.body)),
    }),
  );

  app.delete(
    '/admin/units/:unitCode/blocks/:blockId',
    {
      ...FOR_STAFF,
      schema: {
        ...docs,
        summary: 'Lift a maintenance block; lifting it again changes nothing and says so',
        params: unitBlockParamsSchema,
        response: { 200: unitStateResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await units.removeBlock(request.params.unitCode, request.params.blockId.toLowerCase())),
    }),
  );
};
