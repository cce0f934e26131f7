import { consoleQuery } from './query';
import {
  CATALOGUE_ADMIN_MESSAGES,
  type AdminProductBody,
  type AdminProductResponse,
  type AdminProductsResponse,
  type UploadedImageResponse,
} from '@pehnava/shared';
import { ApiError, apiGet, apiRequest } from '../lib/api-client';
import { endSession, getToken } from '../lib/session';
import { CONSOLE_MESSAGES } from './api';

/* The catalogue's calls (issue [K]): products as admins edit them, and photo uploads. */

export const productsQuery = (token: string, filters: { q?: string; page?: string }) => {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return consoleQuery({
    queryKey: ['console', token, 'products', params.toString()],
    queryFn: () =>
      apiGet<AdminProductsResponse>(`/admin/products?${params}`, CONSOLE_MESSAGES.loadFailed),
    placeholderData: (previous) => previous,
  });
};

export const productQuery = (token: string, id: string) =>
  consoleQuery({
    queryKey: ['console', token, 'product', id],
    queryFn: async () =>
      (
        await apiGet<AdminProductResponse>(
          `/admin/products/${encodeURIComponent(id)}`,
          CONSOLE_MESSAGES.loadFailed,
        )
      ).product,
  });

export const saveProduct = (id: string | undefined, body: AdminProductBody) =>
  apiRequest<AdminProductResponse>(
    id ? `/admin/products/${encodeURIComponent(id)}` : '/admin/products',
    {
      method: id ? 'PUT' : 'POST',
      body,
      fallback: CONSOLE_MESSAGES.actionFailed,
    },
  );

/** Send a photo as its own bytes; the server crops and stores it and answers its address. */
export async function uploadImage(file: File): Promise<UploadedImageResponse> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch('/api/admin/images', {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': file.type || 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, CONSOLE_MESSAGES.actionFailed);
  }
  const data = (await res.json().catch(() => undefined)) as
    (UploadedImageResponse | { success: false; message?: string }) | undefined;
  if (res.status === 401 && token) endSession('expired', token);
  if (!res.ok || !data?.success) {
    const message =
      data && 'message' in data && data.message
        ? data.message
        : res.status === 415
          ? CATALOGUE_ADMIN_MESSAGES.imageUnreadable
          : CONSOLE_MESSAGES.actionFailed;
    throw new ApiError(res.status, message);
  }
  return data;
}
