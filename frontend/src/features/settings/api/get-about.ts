import type { About } from '@contracts/about';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/about (public): the app's name, version and where 'Suporte' leads (SUPPORT_URL). */
export type { About };

export const aboutKeys = { all: ['about'] as const };

export function fetchAbout(signal?: AbortSignal): Promise<About> {
  return api.get<About>('/about', { signal, anonymous: true });
}

/** It changes only with a deploy. */
export function useAbout() {
  return useQuery({ queryKey: aboutKeys.all, queryFn: ({ signal }) => fetchAbout(signal), staleTime: Infinity });
}

/** Only the two kinds the API accepts: a WhatsApp link or an e-mail address. */
export function isSupportLink(url: string | null | undefined): url is string {
  return !!url && (/^https:\/\/(wa\.me|api\.whatsapp\.com)\//.test(url) || url.startsWith('mailto:'));
}
