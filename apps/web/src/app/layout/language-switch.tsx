import { LANGUAGE_NAMES, LANGUAGE_PARAM, pathInLanguage, type Language } from '@pehnava/shared';
import { useLocation } from 'react-router';

/**
 * The address of this page in `language`, as a switch's link: the server keeps the choice and
 * sends the browser on to it (LANGUAGE_PARAM). A plain link, not the router's: the page is drawn
 * again by the server in the other language, from its first paint.
 */
function useAddressIn(language: Language): string {
  const { pathname, search, hash } = useLocation();
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_PARAM, language);
  return `${pathInLanguage(pathname, language)}?${params.toString()}${hash}`;
}

/** A link to this page in `language`, named in that language. */
export function LanguageLink({ language, className }: { language: Language; className?: string }) {
  return (
    <a
      href={useAddressIn(language)}
      lang={language}
      hrefLang={language}
      className={className}
      data-testid={`language-${language}`}
    >
      {LANGUAGE_NAMES[language]}
    </a>
  );
}
