import { LockKeyhole } from 'lucide-react';

/*
 * A line's back-up size (DECISIONS.md 'Back-up size'), as the console marks it wherever pieces are
 * listed: a second size of the same piece, packed sealed in the same parcel, checked for its seal
 * when it comes back.
 */

/**
 * Check-in's question for a back-up (BACKUP_MESSAGES.sealQuestion; a test keeps them the same).
 * Written here: the shop's checkout imports the back-up messages, and the console imports nothing
 * a shop route holds (decision 053).
 */
export const SEAL_QUESTION = 'Back-up seal intact?';

/** 'BACK-UP · sealed', beside the back-up's tag. */
export function BackupMark({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded border border-amber-300 bg-amber-50 px-1.5 py-px text-[11px] font-bold tracking-wide text-amber-900 print:border-stone-700 print:bg-white print:text-black ${className}`}
      data-testid="backup-mark"
    >
      <LockKeyhole size={11} aria-hidden strokeWidth={2.5} />
      BACK-UP · sealed
    </span>
  );
}

/** What the seal said at check-in: null until the back-up is back. */
export function sealSaid(sealIntact: boolean | null | undefined): string | undefined {
  if (sealIntact === true) return 'seal intact';
  if (sealIntact === false) return 'seal broken';
  return undefined;
}
