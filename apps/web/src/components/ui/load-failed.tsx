import { PRIMARY_BUTTON } from './buttons';

/** A load that failed: its message, read out as an alert, and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      <p role="alert" className="text-red-700">
        {message}
      </p>
      <button type="button" className={`${PRIMARY_BUTTON} mt-6`} onClick={onRetry}>
        Try again
      </button>
    </>
  );
}
