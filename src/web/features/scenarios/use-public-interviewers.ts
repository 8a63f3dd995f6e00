import type { PublicInterviewer } from '@shared/contracts/scenarios';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

/** GET /api/interviewers-public: the presets a visitor may see. */
export function usePublicInterviewers() {
  return useQuery({
    queryKey: ['/api/interviewers-public'],
    queryFn: () => apiGet<PublicInterviewer[]>('/api/interviewers-public'),
  });
}
