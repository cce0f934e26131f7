import { frameMessages } from '../../i18n/frame';
import { richText, useMessages } from '../../i18n/messages';

export function PromoBanner() {
  const m = useMessages(frameMessages);
  return (
    <div className="bg-maroon-900 px-4 py-2 text-center text-xs tracking-wide text-white sm:text-sm">
      {richText(m.promo, {
        code: <strong className="font-semibold text-gold-300">WELCOME50</strong>,
      })}
    </div>
  );
}
