import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SiteInfoResponse } from '@pehnava/shared';
import { apiGet } from '../../lib/api-client';

const siteInfoQuery = queryOptions({
  queryKey: ['site'],
  queryFn: async () =>
    (await apiGet<SiteInfoResponse>('/site', 'Failed to load contact details')).site,
  staleTime: Infinity,
});

/** Brand and contact details from the server's configuration. */
export function useSiteInfo() {
  return useQuery(siteInfoQuery);
}

/** The brand and contact details in the cache (every page's footer shows them). */
export async function prefetchSiteInfo(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(siteInfoQuery);
}
