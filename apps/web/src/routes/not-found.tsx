import { NOT_FOUND_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { Link } from '../lib/link';
import { useMessages } from '../i18n/messages';
import { notFoundMessages } from '../i18n/not-found';

export function NotFoundPage() {
  usePageMeta(NOT_FOUND_META);
  const m = useMessages(notFoundMessages);
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm uppercase tracking-widest text-maroon-700">404</p>
      <h1 className="mt-2 font-display text-3xl text-maroon-900">{m.title()}</h1>
      <p className="mt-3 text-stone-600">{m.text()}</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-maroon-700 px-6 py-3 text-sm font-medium text-white hover:bg-maroon-900"
      >
        {m.backHome()}
      </Link>
    </main>
  );
}
