import { LANGUAGE_NAMES } from '@pehnava/shared';
import { Mail, MapPin, Phone } from 'lucide-react';
import { BELOW_THE_FOLD } from '../../components/ui/section';
import { Link } from '../../lib/link';
import { useSiteInfo } from '../../features/site/api';
import { footerMessages } from '../../i18n/footer';
import { useLanguage, useMessages } from '../../i18n/messages';
import { LanguageLink } from './language-switch';
import { FOOTER_LINKS } from './nav-links';
import { InstagramIcon, LinkedInIcon } from './social-icons';

export function Footer() {
  const { data: site } = useSiteInfo();
  const m = useMessages(footerMessages);
  const language = useLanguage();
  return (
    <footer className={`mt-16 bg-maroon-900 text-maroon-50 ${BELOW_THE_FOLD}`}>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <p className="font-display text-2xl text-white">Pehnava</p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-maroon-50/80">{m.about()}</p>
          {site && (
            <div className="mt-5 flex gap-2">
              <a
                href={site.social.instagram}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={m.instagram()}
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
              >
                <InstagramIcon />
              </a>
              <a
                href={site.social.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={m.linkedIn()}
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
              >
                <LinkedInIcon />
              </a>
            </div>
          )}
        </div>
        <nav aria-label={m.nav()}>
          <h2 className="text-sm font-semibold tracking-wider text-white">{m.company()}</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to + link.label}>
                <Link to={link.to} className="text-maroon-50/80 hover:text-white">
                  {m[link.label]()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white">{m.getInTouch()}</h2>
          {site && (
            <ul className="mt-4 space-y-3 text-sm text-maroon-50/80">
              <li className="flex items-center gap-2">
                <Phone size={16} aria-hidden />
                <a
                  href={`tel:${site.contact.phone.replace(/\s+/g, '')}`}
                  className="hover:text-white"
                >
                  {site.contact.phone}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <Mail size={16} aria-hidden />
                <a href={`mailto:${site.contact.email}`} className="hover:text-white">
                  {site.contact.email}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <MapPin size={16} aria-hidden />
                <span>{site.contact.city}</span>
              </li>
            </ul>
          )}
          <h2 className="mt-8 text-sm font-semibold tracking-wider text-white">{m.language()}</h2>
          <ul className="mt-3 flex gap-2 text-sm" data-testid="footer-languages">
            {(['en', 'hi'] as const).map((each) => (
              <li key={each}>
                {each === language ? (
                  <span
                    lang={each}
                    aria-current="true"
                    className="inline-block rounded-full bg-white px-3 py-1 font-medium text-maroon-900"
                  >
                    {LANGUAGE_NAMES[each]}
                  </span>
                ) : (
                  <LanguageLink
                    language={each}
                    className="inline-block rounded-full px-3 py-1 text-maroon-50/90 ring-1 ring-white/40 hover:bg-white/10 hover:text-white"
                  />
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-xs text-maroon-50/70">
        {m.copyright()}
      </p>
    </footer>
  );
}
