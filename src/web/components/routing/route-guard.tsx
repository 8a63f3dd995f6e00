import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/components/auth/auth-provider';
import { PageSpinner } from '@/components/ui/spinner';
import { authPathFor } from '@/lib/navigation';
import type { RouteGuard as Guard } from '@/routes';

/**
 * Who may open a page (spec §2): a spinner while the user loads; visitors go to /auth, which
 * carries on to the page they asked for once they have signed in or up; non-admins on admin pages
 * go to /, signed-in users on /auth go to /.
 */
export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const { pathname, search } = useLocation();
  if (guard === 'public') return children;
  if (isLoading) return guard === 'visitor-only' ? null : <PageSpinner />;
  if (guard === 'visitor-only') return user ? <Navigate to="/" replace /> : children;
  if (!user) return <Navigate to={authPathFor(pathname + search)} replace />;
  if (guard === 'admin' && !user.isAdmin) return <Navigate to="/" replace />;
  return children;
}
