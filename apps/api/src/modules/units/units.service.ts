import {
  FULFILMENT_MESSAGES,
  addDays,
  bookingNumber,
  todayInIndia,
  type Unit,
  type UnitStateBody,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { Inventory } from '../bookings/inventory.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { findProduct } from '../catalogue/catalogue.service.js';
import { JOB_ACTOR, type UnitActor, type UnitRow } from './units.repository.js';

/** Cleaned units brought back into service per job run. */
export const UNITS_READY_BATCH = 200;

export interface UnitsDeps {
  repos: Pick<Repositories, 'units' | 'inventory'>;
  uow: UnitOfWork;
  inventory: Pick<Inventory, 'rehomeIn'>;
  catalogue: Pick<CatalogueService, 'snapshot'>;
  clock: Clock;
  cleaningDays: number;
}

type HoldOfUnit = Awaited<ReturnType<Repositories['inventory']['holdsOfUnits']>>[number];

/** A unit as the operator API shows it, with the booking it is out with and its coming holds. */
export function unitView(unit: UnitRow, holds: HoldOfUnit[], today: string): Unit {
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
  };
}

/**
 * The physical units' states (issue [J]): the list an operator reads per product, setting a
 * state by hand (with its reasons kept), and the job that brings cleaned units back into service.
 * Only a dispatch makes a unit `out`, and only a return takes it back (fulfilment.service.ts).
 */
export function createUnits({ repos, uow, inventory, catalogue, clock, cleaningDays }: UnitsDeps) {
  const today = () => todayInIndia(clock.now());

  async function viewOf(tx: Pick<Repositories, 'inventory'>, unit: UnitRow): Promise<Unit> {
    const day = today();
    return unitView(unit, await tx.inventory.holdsOfUnits([unit.id], day), day);
  }

  return {
    /** GET /api/admin/units?productId=: every unit of the product (by id or code). */
    async ofProduct(idOrCode: string) {
      const product = findProduct(await catalogue.snapshot(), idOrCode);
      if (!product) throw notFound(FULFILMENT_MESSAGES.productNotFound);
      const units = await repos.units.ofProduct(product._id);
      const day = today();
      const holds = await repos.inventory.holdsOfUnits(
        units.map((unit) => unit.id),
        day,
      );
      return {
        product: { _id: product._id, productId: product.productId, name: product.name },
        units: units.map((unit) => unitView(unit, holds, day)),
      };
    },

    /**
     * POST /api/admin/units/{code}/state: set a unit's state by hand, with a note. A unit sent to
     * repair or retired gives up its coming holds: each moves to another free unit of the size,
     * or is marked at risk. The same state again changes nothing and says so.
     */
    async setState(actor: UnitActor, code: string, change: UnitStateBody) {
      return uow.run(async (tx) => {
        const found = await tx.units.findByCode(code);
        if (!found) throw notFound(FULFILMENT_MESSAGES.unitNotFound(code));
        const [unit] = await tx.units.lockUnits([found.id]);
        if (!unit) throw notFound(FULFILMENT_MESSAGES.unitNotFound(code));
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
          await inventory.rehomeIn(tx, unit.id);
        }
        const [after] = await tx.units.lockUnits([unit.id]);
        return {
          message: FULFILMENT_MESSAGES.unitStateChanged(unit.code, change.state),
          unit: await viewOf(tx, after!),
        };
      });
    },

    /** The job: cleaned units whose day has come are back in service. Returns how many. */
    async serveReady(): Promise<number> {
      return uow.run(async (tx) => {
        const ready = await tx.units.readyToServe(today(), UNITS_READY_BATCH);
        for (const unit of ready) {
          await tx.units.moveState(unit, 'in-service', {
            actor: JOB_ACTOR,
            note: 'Cleaned and checked',
          });
        }
        return ready.length;
      });
    },
  };
}

export type Units = ReturnType<typeof createUnits>;
