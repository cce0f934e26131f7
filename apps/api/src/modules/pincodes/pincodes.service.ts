import { PINCODE_MESSAGES, addDays, todayInIndia, type PincodeResponse } from '@pehnava/shared';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { transitDays } from './delivery-promise.js';
import type { NotServedPrefixes } from './not-served-prefixes.js';
import type { PincodeDirectory, PincodePlace } from './pincode-directory.js';

export interface PincodesDeps {
  directory: PincodeDirectory;
  clock: Clock;
  settings: {
    /** The warehouse's pincode (WAREHOUSE_PINCODE): where every parcel leaves from. */
    warehousePincode: string;
    /** Pincodes and prefixes of them the shop does not deliver to (NOT_SERVED_PINCODES). */
    notServed: readonly string[];
  };
  /**
   * The prefixes operators listed in the console, kept in memory (not-served-prefixes.ts,
   * decision 068). Absent: configuration alone.
   */
  notServedKept?: Pick<NotServedPrefixes, 'covers'>;
}

/**
 * Where the shop delivers and how long it takes (issue [O] §3; DECISIONS.md 'Delivery promise'):
 * a pincode India Post does not know is refused, one the operators do not serve too, and every
 * other has its transit days and earliest start.
 */
export function createPincodes({ directory, clock, settings, notServedKept }: PincodesDeps) {
  const warehouse = directory.find(settings.warehousePincode);
  if (!warehouse) {
    throw new Error(
      `WAREHOUSE_PINCODE ${settings.warehousePincode} is not in India Post's directory`,
    );
  }
  /** Served unless configuration or the console's list has a prefix of it; no query. */
  const served = (pincode: string) =>
    !settings.notServed.some((p) => pincode.startsWith(p)) &&
    !(notServedKept?.covers(pincode) ?? false);

  function view(place: PincodePlace): Omit<PincodeResponse, 'success'> {
    const days = transitDays(place, warehouse!);
    return {
      pincode: place.pincode,
      city: place.district,
      district: place.district,
      state: place.state,
      served: served(place.pincode),
      transitDays: days,
      earliestStartDate: addDays(todayInIndia(clock.now()), days),
    };
  }

  return {
    /** GET /api/pincode/{pincode}: a 404 when India Post has no such pincode. */
    lookup(pincode: string): Omit<PincodeResponse, 'success'> {
      const place = directory.find(pincode);
      if (!place) throw notFound(PINCODE_MESSAGES.notFound(pincode));
      return view(place);
    },

    /**
     * Where a parcel is to go (a checkout's address, the calendar asked for a pincode): the
     * place with its transit days and earliest start, when India Post knows it and the shop
     * serves it; else a clear 400.
     */
    deliveryTo(pincode: string): Omit<PincodeResponse, 'success'> {
      const place = directory.find(pincode);
      if (!place) throw badRequest(PINCODE_MESSAGES.notFound(pincode));
      if (!served(pincode)) throw badRequest(PINCODE_MESSAGES.notServed(pincode));
      return view(place);
    },
  };
}

export type Pincodes = ReturnType<typeof createPincodes>;
