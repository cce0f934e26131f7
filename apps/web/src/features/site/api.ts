import { useQuery } from '@tanstack/react-query';
import type { SiteInfoResponse } from '@pehnava/shared';
import { apiGet } from '../../lib/api-client';

/** Brand and contact details from the server's configuration. */
export function useSiteInfo() {
  return useQuery({
    queryKey: ['site'],
    queryFn: async () =>
      (await apiGet<SiteInfoResponse>('/site', 'Failed to load contact details')).site,
    staleTime: Infinity,
  });
}
