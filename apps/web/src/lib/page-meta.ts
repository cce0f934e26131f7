import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { pathInLanguage, type PageMeta } from '@pehnava/shared';
import { useLanguage } from '../i18n/messages';

type HindiMeta = (meta: PageMeta) => PageMeta;
let hindiMeta: HindiMeta | undefined;

/** In Hindi, the function that gives a page's Hindi words (loaded with the first Hindi page). */
function useHindiMeta(): HindiMeta | undefined {
  const hindi = useLanguage() === 'hi';
  const [loaded, setLoaded] = useState(() => hindiMeta);
  useEffect(() => {
    if (!hindi || loaded) return;
    void import('../i18n/page-meta-hi').then((module) => {
      hindiMeta = module.hindiPageMeta;
      setLoaded(() => hindiMeta);
    });
  }, [hindi, loaded]);
  return hindi ? loaded : undefined;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === undefined) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

function setCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

/**
 * Keep the tab title, description, link-preview tags and canonical address in step with the page.
 * The server writes the same into the first HTML (apps/api/src/plugins/web.ts) for crawlers that
 * run no script. A page reached by another address that moves to its own (a product by its code)
 * gets its own address here once it has moved. `undefined` (a page still loading what it is about)
 * leaves the tags as they are: the first HTML already describes it.
 */
export function usePageMeta(meta: PageMeta | undefined) {
  const { pathname } = useLocation();
  const language = useLanguage();
  const hindi = useHindiMeta();
  // In Hindi, a page's own words wait for the Hindi ones: the first HTML already has them.
  const shown = language === 'hi' ? meta && hindi?.(meta) : meta;
  const { title, description, image, type } = shown ?? {};
  const address = pathInLanguage(pathname, language);
  useEffect(() => {
    if (title === undefined) return;
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', type ?? 'website');
    setMeta('property', 'og:url', location.href);
    setMeta('property', 'og:image', image && new URL(image, location.origin).href);
    setCanonical(location.origin + address);
  }, [title, description, image, type, address]);
}
