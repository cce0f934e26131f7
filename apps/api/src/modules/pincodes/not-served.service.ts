import { PINCODE_MESSAGES, type NotServedCreateBody, type NotServedEntry } from '@pehnava/shared';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { NotServedRepository } from './not-served.repository.js';
import type { NotServedPrefixes } from './not-served-prefixes.js';
import type { PincodeDirectory } from './pincode-directory.js';

export interface NotServedDeps {
  repository: NotServedRepository;
  /** What this process keeps in memory for the served check: reloaded after each write. */
  kept: Pick<NotServedPrefixes, 'reload'>;
  directory: Pick<PincodeDirectory, 'countWithPrefix'>;
  settings: {
    /** WAREHOUSE_PINCODE: never to be marked not served. */
    warehousePincode: string;
    /** NOT_SERVED_PINCODES: listed, not removable here. */
    configured: readonly string[];
  };
}

/**
 * The console's list of pincodes not served (issue [O] §3; decision 068): configuration's and the
 * operators' own, with how many of India Post's pincodes each covers; operators add and remove
 * their own. The served check itself is the pincodes service's, from what `kept` holds.
 */
export function createNotServed({ repository, kept, directory, settings }: NotServedDeps) {
  const configured = [...new Set(settings.configured)];

  /** The entry already on the list that makes `prefix` not served, if one does. */
  function listedOver(prefix: string, listed: readonly string[]): string | undefined {
    return (
      listed.find((p) => p === prefix) ??
      listed.filter((p) => prefix.startsWith(p)).sort((a, b) => a.length - b.length)[0]
    );
  }

  return {
    async list(): Promise<NotServedEntry[]> {
      const fromConfiguration: NotServedEntry[] = configured.map((prefix) => ({
        prefix,
        note: '',
        createdAt: null,
        source: 'configuration',
        pincodes: directory.countWithPrefix(prefix),
      }));
      const fromConsole: NotServedEntry[] = (await repository.list()).map((row) => ({
        prefix: row.prefix,
        note: row.note,
        createdAt: row.createdAt.toISOString(),
        source: 'console',
        pincodes: directory.countWithPrefix(row.prefix),
      }));
      return [...fromConfiguration, ...fromConsole].sort(
        (a, b) => a.prefix.localeCompare(b.prefix) || a.source.localeCompare(b.source),
      );
    },

    /**
     * List a prefix. Refused, with nothing written: one that covers no pincode India Post knows
     * or covers the warehouse's (400), one listed already or inside one listed (409).
     */
    async add(
      operatorId: string,
      { prefix, note }: NotServedCreateBody,
    ): Promise<{ entry: NotServedEntry; message: string }> {
      const pincodes = directory.countWithPrefix(prefix);
      if (pincodes === 0) throw badRequest(PINCODE_MESSAGES.prefixCoversNone(prefix));
      if (settings.warehousePincode.startsWith(prefix)) {
        throw badRequest(PINCODE_MESSAGES.prefixCoversWarehouse(prefix, settings.warehousePincode));
      }
      const inConfiguration = listedOver(prefix, configured);
      if (inConfiguration === prefix)
        throw conflict(PINCODE_MESSAGES.prefixInConfiguration(prefix));
      const over =
        inConfiguration ??
        listedOver(
          prefix,
          (await repository.list()).map((r) => r.prefix),
        );
      if (over === prefix) throw conflict(PINCODE_MESSAGES.prefixListed(prefix));
      if (over) throw conflict(PINCODE_MESSAGES.prefixCoveredBy(prefix, over));

      const row = await repository.add({ prefix, note, createdBy: operatorId });
      // Two operators adding it at once: the primary key lets one in.
      if (!row) throw conflict(PINCODE_MESSAGES.prefixListed(prefix));
      // This process serves the change before it answers; the others hear the NOTIFY.
      await kept.reload();
      return {
        entry: {
          prefix: row.prefix,
          note: row.note,
          createdAt: row.createdAt.toISOString(),
          source: 'console',
          pincodes,
        },
        message: PINCODE_MESSAGES.prefixAdded(prefix, pincodes),
      };
    },

    /** Take an operator's prefix off the list: 404 when it is not on it, 409 for configuration's. */
    async remove(prefix: string): Promise<string> {
      if (!(await repository.remove(prefix))) {
        if (configured.includes(prefix)) {
          throw conflict(PINCODE_MESSAGES.prefixInConfiguration(prefix));
        }
        throw notFound(PINCODE_MESSAGES.prefixNotListed(prefix));
      }
      await kept.reload();
      // A broader prefix may still be listed (configuration changed since it was added).
      const still = listedOver(prefix, [
        ...configured,
        ...(await repository.list()).map((r) => r.prefix),
      ]);
      return still
        ? PINCODE_MESSAGES.prefixRemovedStillCovered(prefix, still)
        : PINCODE_MESSAGES.prefixRemoved(prefix);
    },
  };
}

export type NotServed = ReturnType<typeof createNotServed>;
