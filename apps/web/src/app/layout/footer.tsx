import { Mail, MapPin, Phone } from 'lucide-react';
import { BELOW_THE_FOLD } from '../../components/ui/section';
import { Link } from '../../lib/link';
import { useSiteInfo } from '../../features/site/api';
import { FOOTER_LINKS } from './nav-links';
import { InstagramIcon, LinkedInIcon } from './social-icons';

export function Footer() {
  const { data: site } = useSiteInfo();
  return (
    <footer className={`mt-16 bg-maroon-900 text-maroon-50 ${BELOW_THE_FOLD}`}>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <p className="font-display text-2xl text-white">Pehnava</p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-maroon-50/80">
            Pehnava is a technology-driven fashion rental marketplace for occasion wear. Every piece
            is professionally cleaned, sanitised and quality-checked before it reaches you: our
            hygiene-and-quality promise.
          </p>
          {site && (
            <div className="mt-5 flex gap-2">
              <a
                href={site.social.instagram}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Pehnava on Instagram"
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
              >
                <InstagramIcon />
              </a>
              <a
                href={site.social.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Pehnava on LinkedIn"
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
              >
                <LinkedInIcon />
              </a>
            </div>
          )}
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wider text-white">COMPANY</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to + link.label}>
                <Link to={link.to} className="text-maroon-50/80 hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white">GET IN TOUCH</h2>
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
        </div>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-xs text-maroon-50/70">
        Copyright 2025 © Pehnava. All rights reserved.
      </p>
    </footer>
  );
}
