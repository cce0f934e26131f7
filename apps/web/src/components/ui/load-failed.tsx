import { useMessages } from '../../i18n/messages';
import { uiMessages } from '../../i18n/ui';
import { PRIMARY_BUTTON } from './buttons';
import { ShopperMessage } from './shopper-message';

/** A load that failed: its message, read out as an alert, and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const m = useMessages(uiMessages);
  return (
    <>
      <p role="alert" className="text-red-700">
        <ShopperMessage text={message} />
      </p>
      <button type="button" className={`${PRIMARY_BUTTON} mt-6`} onClick={onRetry}>
        {m.tryAgain()}
      </button>
    </>
  );
}
