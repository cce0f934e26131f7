import {
  NEW_TAGS_LIMIT,
  FULFILMENT_MESSAGES,
  addDays,
  bookingNumber,
  daysBetween,
  todayInIndia,
  type Unit,
  type UnitBlockBody,
  type UnitStateBody,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { Inventory } from '../bookings/inventory.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { findProduct } from '../catalogue/catalogue.service.js';
import { JOB_ACTOR, type UnitActor, type UnitRow } from './units.repository.js';
import { mailAtRiskIn } from '../bookings/shopper-mail.js';

/** Cleaned units brought back into service per job run. */
export const UNITS_READY_BATCH = 200;

export interface UnitsDeps {
  repos: Pick<Repositories, 'units' | 'inventory'>;
  uow: UnitOfWork;
  inventory: Pick<Inventory, 'rehomeIn' | 'moveElsewhereIn'>;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  clock: Clock;
  cleaningDays: number;
  /** The web app's address, for the mails of bookings put at risk. */
  siteUrl: string;
}

type HoldOfUnit = Awaited<ReturnType<Repositories['inventory']['holdsOfUnits']>>[number];

type BlockOfUnit = Awaited<ReturnType<Repositories['inventory']['blocksOf']>>[number];

/** A unit as the operator API shows it, with the booking it is out with and its coming holds. */
export function unitView(
  unit: UnitRow,
  holds: HoldOfUnit[],
  blocks: BlockOfUnit[],
  today: string,
): Unit {
  const view = (hold: HoldOfUnit) => ({
    bookingId: hold.bookingId,
    bookingNumber: bookingNumber(hold.bookingId),
    itemId: hold.itemId,
    status: hold.status,
    startDate: hold.startDate,
    endDate: hold.endDate,
    blockedFrom: hold.blockedFrom,
    blockedUntil: hold.blockedUntil,
    dispatchedAt: hold.dispatchedAt?.toISOString() ?? null,
    returnedAt: hold.returnedAt?.toISOString() ?? null,
    atRisk: hold.atRiskSince !== null,
  });
  const mine = holds.filter((hold) => hold.unitId === unit.id);
  const current = mine.find((hold) => hold.dispatchedAt && !hold.returnedAt);
  return {
    code: unit.code,
    size: unit.size,
    unitNumber: unit.unitNumber,
    state: unit.state,
    readyOn: unit.readyOn,
    stateNote: unit.stateNote,
    stateChangedAt: unit.stateChangedAt.toISOString(),
    current: current ? view(current) : null,
    upcoming: mine.filter((hold) => !hold.dispatchedAt && hold.blockedUntil >= today).map(view),
    blocks: blocks
      .filter((block) => block.unitId === unit.id && block.active && block.until >= today)
      .map((block) => ({
        id: block.id,
        from: block.from,
        to: block.until,
        reason: block.reason ?? '',
        createdAt: block.createdAt.toISOString(),
      })),
    tagPrintedAt: unit.tagPrintedAt?.toISOString() ?? null,
  };
}

/**
 * The physical units' states (issue [J]): the list an operator reads per product, setting a
 * state by hand (with its reasons kept), and the job that brings cleaned units back into service.
 * Only a dispatch makes a unit `out`, and only a return takes it back (fulfilment.service.ts).
 */
export function createUnits({
  repos,
  uow,
  inventory,
  catalogue,
  clock,
  cleaningDays,
  siteUrl,
}: UnitsDeps) {
  const today = () => todayInIndia(clock.now());

  async function viewOf(tx: Pick<Repositories, 'inventory'>, unit: UnitRow): Promise<Unit> {
    const day = today();
    const [holds, blocks] = await Promise.all([
      tx.inventory.holdsOfUnits([unit.id], day),
      tx.inventory.blocksOf([unit.id]),
    ]);
    return unitView(unit, holds, blocks, day);
  }

  /** The unit with this tag code, locked in `tx`; a 404 when there is none. */
  async function lockedUnit(tx: Pick<Repositories, 'units'>, code: string): Promise<UnitRow> {
    const found = await tx.units.findByCode(code);
    const [unit] = found ? await tx.units.lockUnits([found.id]) : [];
    if (!unit) throw notFound(FULFILMENT_MESSAGES.unitNotFound(code));
    return unit;
  }

  return {
    /** GET /api/admin/units?productId=: every unit of the product (by id or code). */
    async ofProduct(idOrCode: string) {
      const product = findProduct(await catalogue.snapshot(), idOrCode);
      if (!product) throw notFound(FULFILMENT_MESSAGES.productNotFound);
      const units = await repos.units.ofProduct(product._id);
      const day = today();
      const ids = units.map((unit) => unit.id);
      const [holds, blocks] = await Promise.all([
        repos.inventory.holdsOfUnits(ids, day),
        repos.inventory.blocksOf(ids),
      ]);
      return {
        product: { _id: product._id, productId: product.productId, name: product.name },
        units: units.map((unit) => unitView(unit, holds, blocks, day)),
      };
    },

    /**
     * POST /api/admin/units/{code}/state: set a unit's state by hand, with a note. A unit sent to
     * repair or retired gives up its coming holds: each moves to another free unit of the size,
     * or is marked at risk. The same state again changes nothing and says so.
     */
    async setState(actor: UnitActor, code: string, change: UnitStateBody) {
      return uow.run(async (tx) => {
        const unit = await lockedUnit(tx, code);
        if (unit.state === change.state) {
          return {
            message: FULFILMENT_MESSAGES.unitAlreadyInState(unit.code, unit.state),
            unit: await viewOf(tx, unit),
          };
        }
        if (unit.state === 'out') throw conflict(FULFILMENT_MESSAGES.unitIsOut(unit.code));
        await tx.units.moveState(unit, change.state, {
          actor,
          note: change.note,
          ...(change.state === 'cleaning' ? { readyOn: addDays(today(), cleaningDays) } : {}),
        });
        if (change.state === 'repair' || change.state === 'retired') {
          const { atRisk } = await inventory.rehomeIn(tx, unit.id);
          await mailAtRiskIn(tx, siteUrl, atRisk);
        }
        // Mended in time: the holds it could not serve are on track again.
        if (change.state === 'in-service') await tx.inventory.clearAtRiskOn([unit.id]);
        const [after] = await tx.units.lockUnits([unit.id]);
        return {
          message: FULFILMENT_MESSAGES.unitStateChanged(unit.code, change.state),
          unit: await viewOf(tx, after!),
        };
      });
    },

    /**
     * POST /api/admin/units/{code}/blocks: take a unit out of use from `from` to `to` (both
     * inclusive). Holds of those days not yet sent move to another free unit of the size; when
     * one cannot, or the unit is out with a shopper then, nothing changes and the 409 says which
     * booking. The same block again changes nothing and says so.
     */
    async addBlock(actor: UnitActor, code: string, block: UnitBlockBody) {
      const day = today();
      if (block.to < block.from) throw badRequest(FULFILMENT_MESSAGES.blockOrder);
      if (block.from < day) throw badRequest(FULFILMENT_MESSAGES.blockInPast);
      if (daysBetween(block.from, block.to) > 366) {
        throw badRequest(FULFILMENT_MESSAGES.blockTooLong);
      }
      return uow.run(async (tx) => {
        const unit = await lockedUnit(tx, code);
        const same = (await tx.inventory.blocksOf([unit.id])).find(
          (b) =>
            b.active && b.from === block.from && b.until === block.to && b.reason === block.reason,
        );
        if (same) {
          return { message: FULFILMENT_MESSAGES.alreadyBlocked, unit: await viewOf(tx, unit) };
        }
        for (const hold of await tx.inventory.holdsOverlapping(unit.id, block.from, block.to)) {
          if (hold.dispatchedAt && !hold.returnedAt) {
            throw conflict(FULFILMENT_MESSAGES.blockOut(unit.code));
          }
          if (hold.dispatchedAt) continue;
          if (!(await inventory.moveElsewhereIn(tx, hold))) {
            const [owner] = await tx.inventory.bookingsOfItems([hold.itemId]);
            throw conflict(
              FULFILMENT_MESSAGES.blockPromised(unit.code, bookingNumber(owner!.bookingId)),
            );
          }
        }
        const added = await tx.inventory.addBlock({
          unitId: unit.id,
          from: block.from,
          until: block.to,
          reason: block.reason,
          by: actor.email,
        });
        if (!added) throw conflict(FULFILMENT_MESSAGES.blockOut(unit.code));
        return { message: FULFILMENT_MESSAGES.blockAdded(unit.code), unit: await viewOf(tx, unit) };
      });
    },

    /** DELETE /api/admin/units/{code}/blocks/{blockId}: lift a block; again, nothing changes. */
    async removeBlock(code: string, blockId: string) {
      return uow.run(async (tx) => {
        const unit = await lockedUnit(tx, code);
        const block = (await tx.inventory.blocksOf([unit.id])).find((b) => b.id === blockId);
        if (!block) throw notFound(FULFILMENT_MESSAGES.blockNotFound);
        const lifted = await tx.inventory.removeBlock(block.id);
        return {
          message: lifted
            ? FULFILMENT_MESSAGES.blockRemoved(unit.code)
            : FULFILMENT_MESSAGES.alreadyRemoved,
          unit: await viewOf(tx, unit),
        };
      });
    },

    /** The job: cleaned units whose day has come are back in service. Returns how many. */
    /** GET /api/admin/units/new-tags: pieces whose tags were never printed. */
    async newTags() {
      const { rows, total } = await repos.units.newTags(NEW_TAGS_LIMIT);
      return { units: rows, total };
    },

    /**
     * POST /api/admin/units/tags-printed: these pieces' tags are printed, so they leave the new
     * pieces' list. A code no piece has is a 400 and marks nothing; marking again changes nothing.
     */
    async markTagsPrinted(codes: string[]) {
      return uow.run(async (tx) => {
        const wanted = [...new Set(codes)];
        const known = await tx.units.knownCodes(wanted);
        const missing = wanted.find((code) => !known.has(code));
        // Before anything is written: nothing is marked when one code is wrong.
        if (missing) throw badRequest(FULFILMENT_MESSAGES.unitNotFound(missing));
        const marked = await tx.units.markTagsPrinted(wanted);
        return {
          marked,
          message:
            marked === 0
              ? FULFILMENT_MESSAGES.tagsAlreadyMarked
              : FULFILMENT_MESSAGES.tagsMarked(marked),
        };
      });
    },

    async serveReady(): Promise<number> {
      return uow.run(async (tx) => {
        const ready = await tx.units.readyToServe(today(), UNITS_READY_BATCH);
        for (const unit of ready) {
          await tx.units.moveState(unit, 'in-service', {
            actor: JOB_ACTOR,
            note: 'Cleaned and checked',
          });
        }
        // Back in time for the holds that waited on them (a late return had put them at risk).
        await tx.inventory.clearAtRiskOn(ready.map((unit) => unit.id));
        return ready.length;
      });
    },
  };
}

export type Units = ReturnType<typeof createUnits>;
