import { CONTACT_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { Briefcase, Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSiteInfo } from '../features/site/api';
import { useShopperMessage } from '../i18n/api-messages';
import { contactMessages } from '../i18n/contact';
import { richText, useMessages } from '../i18n/messages';
import { notify } from '../lib/notify';

function ContactRow({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-start gap-4">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-maroon-50">
        <Icon size={20} className="text-maroon-700" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium uppercase tracking-wide text-stone-500">{label}</p>
        <div className="mt-0.5 break-words text-lg text-stone-900">{children}</div>
      </div>
    </li>
  );
}

function ContactSkeleton() {
  return (
    <ul aria-hidden className="space-y-6">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex animate-pulse items-center gap-4">
          <span className="size-11 shrink-0 rounded-full bg-stone-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-3 w-16 rounded bg-stone-200" />
            <span className="block h-5 w-48 max-w-full rounded bg-stone-200" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Why the details could not be had, as the API (or the site query's fallback) said it. */
function LoadFailed({ message }: { message: string }) {
  return (
    <p role="alert" className="text-red-700">
      {useShopperMessage(message)}
    </p>
  );
}

const linkClass =
  'font-medium text-maroon-700 underline-offset-2 hover:text-maroon-900 hover:underline';

export function ContactPage() {
  usePageMeta(CONTACT_META);
  const m = useMessages(contactMessages);
  const { data: site, isPending, error } = useSiteInfo();

  let details: ReactNode;
  if (isPending) {
    details = (
      <div role="status" aria-live="polite">
        <span className="sr-only">{m.loading()}</span>
        <ContactSkeleton />
      </div>
    );
  } else if (error || !site) {
    details = error ? (
      <LoadFailed message={error.message} />
    ) : (
      <p role="alert" className="text-red-700">
        {m.loadFailed()}
      </p>
    );
  } else {
    const { phone, email, city } = site.contact;
    details = (
      <ul className="space-y-6">
        <ContactRow icon={Phone} label={m.phone()}>
          <a href={`tel:${phone.replace(/\s+/g, '')}`} className={linkClass}>
            {phone}
          </a>
        </ContactRow>
        <ContactRow icon={Mail} label={m.email()}>
          <a href={`mailto:${email}`} className={linkClass}>
            {email}
          </a>
        </ContactRow>
        <ContactRow icon={MapPin} label={m.city()}>
          {city}
        </ContactRow>
      </ul>
    );
  }

  return (
    <main className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-sm uppercase tracking-widest text-maroon-700">{m.eyebrow()}</p>
        <h1 className="mt-2 font-display text-3xl text-maroon-900 sm:text-4xl">{m.title()}</h1>
        <p className="mt-4 leading-relaxed text-stone-600">{m.intro()}</p>
      </header>

      <div className="mt-10 grid gap-6 md:grid-cols-5">
        <section
          aria-labelledby="reach-heading"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8 md:col-span-3"
        >
          <h2 id="reach-heading" className="font-display text-2xl text-maroon-900">
            {m.reachUs()}
          </h2>
          <div className="mt-6">{details}</div>
          <p className="mt-8 flex items-start gap-3 border-t border-stone-200 pt-6 text-sm leading-relaxed text-stone-600">
            <Clock size={18} className="mt-0.5 shrink-0 text-maroon-700" aria-hidden />
            <span>
              {richText(m.hours, {
                hours: <strong className="text-stone-900">{m.hoursTime()}</strong>,
              })}
            </span>
          </p>
        </section>

        <section
          aria-labelledby="careers-heading"
          className="flex flex-col rounded-2xl bg-maroon-900 p-6 text-white sm:p-8 md:col-span-2"
        >
          <Briefcase size={26} className="text-gold-300" aria-hidden />
          <h2 id="careers-heading" className="mt-4 font-display text-2xl text-gold-300">
            {m.careers()}
          </h2>
          <p className="mt-3 flex-1 leading-relaxed text-white/85">{m.careersText()}</p>
          <button
            type="button"
            onClick={() => notify.info(m.notHiring())}
            className="mt-6 self-start rounded-full bg-gold-300 px-6 py-3 text-sm font-semibold text-maroon-900 hover:bg-gold-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
          >
            {m.viewOpenings()}
          </button>
        </section>
      </div>
    </main>
  );
}
