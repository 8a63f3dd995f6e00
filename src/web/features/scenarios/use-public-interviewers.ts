import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/interviewers-public: the presets a visitor may see. */
export function usePublicInterviewers() {
  return useQuery({
    queryKey: ['/api/interviewers-public'],
    queryFn: () => api.get('/api/interviewers-public'),
  });
}
