import { useEffect } from 'react';
import type { PageMeta } from '@pehnava/shared';

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

/**
 * Keep the tab title, description and link-preview tags in step with the page. The server writes
 * the same tags into the first HTML (apps/api/src/plugins/web.ts) for crawlers that run no script.
 */
export function usePageMeta({ title, description, image, type }: PageMeta) {
  useEffect(() => {
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', type ?? 'website');
    setMeta('property', 'og:url', location.href);
    setMeta('property', 'og:image', image && new URL(image, location.origin).href);
  }, [title, description, image, type]);
}
