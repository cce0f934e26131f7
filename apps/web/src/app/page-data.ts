import type { QueryClient } from '@tanstack/react-query';
import { HOME_BESTSELLERS_REQUEST, HOME_LATEST_REQUEST } from '@pehnava/shared';
import { matchPath } from 'react-router';
import { prefetchProductSearches } from '../features/catalogue/api';
import { prefetchCollectionPage } from '../features/catalogue/use-catalogue-search';
import { prefetchProductPage } from '../features/product/api';
import { prefetchSiteInfo } from '../features/site/api';

/**
 * The answers a page is drawn with when the server renders it (entry-server.tsx), fetched into
 * `queryClient` under the keys the page's own queries use: the home page's shelves, the
 * collection's filters and first page, a product; and on every page the footer's contact details.
 * Everything a server-drawn page shows must come from here: an answer the browser fetched while
 * it took the page over would draw something the server did not.
 */
export async function prefetchPage(
  queryClient: QueryClient,
  pathname: string,
  search: URLSearchParams,
): Promise<void> {
  await Promise.all([
    prefetchSiteInfo(queryClient),
    prefetchPageData(queryClient, pathname, search),
  ]);
}

async function prefetchPageData(
  queryClient: QueryClient,
  pathname: string,
  search: URLSearchParams,
): Promise<void> {
  if (pathname === '/') {
    await prefetchProductSearches(queryClient, [HOME_LATEST_REQUEST, HOME_BESTSELLERS_REQUEST]);
    return;
  }
  if (matchPath('/collection', pathname)) {
    await prefetchCollectionPage(queryClient, search);
    return;
  }
  const productId = matchPath('/product/:productId', pathname)?.params.productId;
  if (productId) await prefetchProductPage(queryClient, productId);
}
