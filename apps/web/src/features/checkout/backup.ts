import {
  BACKUP_FEE_PAISE,
  BACKUP_MESSAGES,
  PLAN_DEFINITIONS,
  backupSizesFor,
  formatRupees,
  paiseToRupees,
  type CartEntry,
  type PlanId,
} from '@pehnava/shared';
import type { Catalogue } from '../../i18n/messages';

/*
 * A back-up size at checkout (DECISIONS.md 'Back-up size'): a second size of a line's piece for
 * the same dates, in the same parcel, sealed. The shopper's choices live on the checkout page
 * only, keyed by line; the server prices and holds them.
 */

/** The back-up sizes chosen, by line (lineKey). */
export type BackupChoices = Readonly<Record<string, string>>;

/** A checkout line's key: the cart keeps one line per piece, size, start and length. */
export const lineKey = (entry: Pick<CartEntry, 'product' | 'size' | 'startDate' | 'duration'>) =>
  `${entry.product._id}|${entry.size}|${entry.startDate}|${entry.duration}`;

/** The sizes a line may take as its back-up (none for accessories, Free Size, one size). */
export const backupOptions = (entry: Pick<CartEntry, 'product' | 'size'>) =>
  backupSizesFor(entry.product, entry.size);

/** The back-up size chosen for a line, while the piece still offers it; undefined for none. */
export function chosenBackup(entry: CartEntry, choices: BackupChoices): string | undefined {
  const chosen = choices[lineKey(entry)];
  return chosen && backupOptions(entry).includes(chosen) ? chosen : undefined;
}

/** What the chosen back-up sizes cost together on `plan`, in rupees (outside the subtotal). */
export function backupFeesFor(
  entries: readonly CartEntry[],
  choices: BackupChoices,
  plan: PlanId,
): number {
  const lines = entries.filter((entry) => chosenBackup(entry, choices)).length;
  return paiseToRupees(lines * BACKUP_FEE_PAISE[plan]);
}

const planName = (plan: PlanId) => PLAN_DEFINITIONS.find((p) => p.id === plan)?.name ?? plan;

/**
 * A back-up's price as the line says it: '₹199', '₹99 on Plus', 'Free on Pro', in the words of
 * `m` (checkout's catalogue).
 */
export function backupPriceText(
  plan: PlanId,
  m: Catalogue<'backupFreeOn' | 'backupPriceOn'>,
): string {
  const fee = BACKUP_FEE_PAISE[plan];
  if (fee === 0) return m.backupFreeOn({ plan: planName(plan) });
  const price = formatRupees(paiseToRupees(fee));
  return plan === 'free' ? price : m.backupPriceOn({ price, plan: planName(plan) });
}

/**
 * The line whose back-up the server said is taken (409, BACKUP_MESSAGES.taken), when `message`
 * is that refusal for one of the lines sent.
 */
export function lineWithBackupTaken(
  entries: readonly CartEntry[],
  choices: BackupChoices,
  message: string,
): CartEntry | undefined {
  return entries.find((entry) => {
    const backup = chosenBackup(entry, choices);
    return backup !== undefined && message === BACKUP_MESSAGES.taken(entry.product.name, backup);
  });
}
