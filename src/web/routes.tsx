// The route table. Every page is a lazy chunk so a visitor's first download holds only the
// landing page; `guard` says who may open it (spec: core-experience §2, administration §2).
import { lazy } from 'react';

export type RouteGuard = 'public' | 'visitor-only' | 'user' | 'admin';
export type AppRoute = {
  path: string;
  guard: RouteGuard;
  /** page name for page-view tracking */
  name: string;
  Page: React.ComponentType;
};

const loadLandingPage = () => import('./features/landing/landing-page');
const LazyLandingPage = lazy(loadLandingPage);
let LoadedLandingPage: (() => React.JSX.Element) | undefined;
/**
 * The landing page, lazy like every page; main.tsx loads it before hydrating the prerendered `/`,
 * so hydration never waits on it (a click on a part still waiting would be lost).
 */
function LandingPage() {
  return LoadedLandingPage ? <LoadedLandingPage /> : <LazyLandingPage />;
}
export async function preloadLandingPage() {
  LoadedLandingPage = (await loadLandingPage()).default;
}
const DashboardPage = lazy(() => import('./features/calls/dashboard-page'));
const AuthPage = lazy(() => import('./features/auth/auth-page'));
const ScenariosPage = lazy(() => import('./features/scenarios/scenarios-page'));
const NewCallPage = lazy(() => import('./features/calls/new-call-page'));
const CustomCallPage = lazy(() => import('./features/custom-calls/custom-call-page'));
const TracksPage = lazy(() => import('./features/tracks/tracks-page'));
const TrackDetailPage = lazy(() => import('./features/tracks/track-detail-page'));
const TeamsPage = lazy(() => import('./features/teams/teams-page'));
const TeamDetailPage = lazy(() => import('./features/teams/team-detail-page'));
const ProfilePage = lazy(() => import('./features/profile/profile-page'));
const AdminPage = lazy(() => import('./features/admin/admin-page'));
const AllCallsPage = lazy(() => import('./features/calls/all-calls-page'));

/** `/` is the landing page for visitors and the dashboard for signed-in users. */
export const homePages = { visitor: LandingPage, user: DashboardPage, name: 'Home' };

export const routes: AppRoute[] = [
  { path: '/dashboard', guard: 'user', name: 'Dashboard', Page: DashboardPage },
  { path: '/auth', guard: 'visitor-only', name: 'Login', Page: AuthPage },
  { path: '/scenarios', guard: 'public', name: 'All Scenarios', Page: ScenariosPage },
  { path: '/new-call', guard: 'user', name: 'New Call', Page: NewCallPage },
  { path: '/interview/:interviewerId', guard: 'user', name: 'Interview', Page: NewCallPage },
  { path: '/custom-call', guard: 'user', name: 'Custom Call', Page: CustomCallPage },
  { path: '/tracks', guard: 'user', name: 'Tracks', Page: TracksPage },
  { path: '/tracks/:id', guard: 'user', name: 'Track Detail', Page: TrackDetailPage },
  { path: '/teams', guard: 'user', name: 'Teams', Page: TeamsPage },
  { path: '/teams/:id', guard: 'user', name: 'Team Detail', Page: TeamDetailPage },
  { path: '/profile', guard: 'user', name: 'Profile', Page: ProfilePage },
  { path: '/admin', guard: 'admin', name: 'Admin', Page: AdminPage },
  // All Calls shows its own Access Denied screen to non-admins (administration §8).
  { path: '/all-calls', guard: 'user', name: 'All Calls', Page: AllCallsPage },
];
