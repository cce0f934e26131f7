import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { constraintViolation } from '../lib/db-errors.js';
import { book, catalogueProducts, newShopper, sizeOf } from '../test/shopping.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { outboxMails, productUnits, unitReservations, users } from './schema/index.js';

let t: TestApp;
let shopperId: string;
let unitId: string;
let itemIds: [string, string];

beforeAll(async () => {
  t = await createTestApp({ seed: true, jobs: false });
  const shopper = await newShopper(t, 'uow@pehnava.test');
  shopperId = shopper.id;
  const product = (await catalogueProducts(t))[0]!;
  const size = sizeOf(product);
  const [unit] = await t.database.db
    .select()
    .from(productUnits)
    .where(and(eq(productUnits.productId, product._id), eq(productUnits.size, size)))
    .limit(1);
  unitId = unit!.id;
  const first = await book(t, shopperId, { productId: product._id, size, paid: false });
  const second = await book(t, shopperId, { productId: product._id, size, paid: false });
  itemIds = [first.itemId, second.itemId];
});
afterAll(async () => {
  await t.close();
});

const reservationsOf = () =>
  t.database.db.select().from(unitReservations).where(eq(unitReservations.unitId, unitId));

describe('a unit of work', () => {
  it('commits writes through several repositories together', async () => {
    await t.services.uow.run(async (tx) => {
      await tx.outbox.enqueue('test', {
        to: 'together@pehnava.test',
        subject: 's',
        text: 't',
        html: 'h',
      });
      await tx.users.setRole(shopperId, 'admin');
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, shopperId));
    expect(user!.role).toBe('admin');
    const mails = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, 'together@pehnava.test'));
    expect(mails).toHaveLength(1);
  });

  it('rolls every write back when one step fails', async () => {
    await expect(
      t.services.uow.run(async (tx) => {
        await tx.users.setRole(shopperId, 'user');
        await tx.outbox.enqueue('test', {
          to: 'rolled@pehnava.test',
          subject: 's',
          text: 't',
          html: 'h',
        });
        throw new Error('payment provider said no');
      }),
    ).rejects.toThrow('payment provider said no');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, shopperId));
    expect(user!.role).toBe('admin');
    const mails = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, 'rolled@pehnava.test'));
    expect(mails).toEqual([]);
  });

  it('lets the exclusion constraint refuse a second overlapping reservation and rolls back', async () => {
    await t.services.repos.inventory.reserveUnit({
      unitId,
      bookingItemId: itemIds[0],
      blockedFrom: '2027-01-10',
      blockedUntil: '2027-01-20',
    });
    const error = await t.services.uow
      .run(async (tx) => {
        await tx.outbox.enqueue('test', {
          to: 'clash@pehnava.test',
          subject: 's',
          text: 't',
          html: 'h',
        });
        await tx.inventory.reserveUnit({
          unitId,
          bookingItemId: itemIds[1],
          blockedFrom: '2027-01-15',
          blockedUntil: '2027-01-25',
        });
      })
      .catch((caught: unknown) => caught);
    expect(constraintViolation(error)).toEqual({
      kind: 'exclusion',
      constraint: 'unit_reservations_no_overlap',
      code: '23P01',
    });
    expect(await reservationsOf()).toHaveLength(1);
    const mails = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.recipient, 'clash@pehnava.test'));
    expect(mails).toEqual([]);
  });
});

describe('a constraint failure reaching HTTP', () => {
  it('is a 409 with a message the shopper can act on, never a 500', async () => {
    const clashRoute: FastifyPluginAsync = async (app) => {
      app.post('/api/test/clash', async () => {
        await t.services.uow.run((tx) =>
          tx.inventory.reserveUnit({
            unitId,
            bookingItemId: itemIds[1],
            blockedFrom: '2027-01-12',
            blockedUntil: '2027-01-14',
          }),
        );
        return { success: true };
      });
    };
    const app = await buildApp({ services: t.services });
    await app.register(clashRoute);
    await app.ready();
    try {
      const res = await app.inject({ method: 'POST', url: '/api/test/clash', payload: {} });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message:
          'That piece has just been booked for those dates. Please choose other dates or another size.',
      });
    } finally {
      await app.close();
    }
  });
});
