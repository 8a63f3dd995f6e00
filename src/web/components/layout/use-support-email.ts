import { DEFAULT_SUPPORT_EMAIL } from '@shared/support-email';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Used until the server answers (or if it cannot): the server's own default. */
const FALLBACK_SUPPORT_EMAIL = DEFAULT_SUPPORT_EMAIL;

/** The support address (SUPPORT_EMAIL on the server), for mailto links. */
export function useSupportEmail(): string {
  const { data } = useQuery({
    queryKey: ['/api/public-config'],
    queryFn: () => api.get('/api/public-config'),
  });
  return data?.supportEmail ?? FALLBACK_SUPPORT_EMAIL;
}

export const supportMailto = (email: string) =>
  `mailto:${email}?subject=${encodeURIComponent('Support request')}`;
