// Providers, the shell (header, guards, theme, toasts, page-view tracking) and the route table.
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider, useAuth } from './components/auth/auth-provider';
import { ErrorBoundary } from './components/errors/error-boundary';
import { NotFound } from './components/errors/not-found';
import { AppToaster } from './components/layout/app-toaster';
import { Header } from './components/layout/header';
import { usePageViewTracking } from './components/routing/page-view-tracker';
import { RouteGuard } from './components/routing/route-guard';
import { ThemeProvider } from './components/theme/theme-provider';
import { PageSpinner } from './components/ui/spinner';
// before the router mounts: hears back and forward first (a live call asks before it is left)
import './lib/popstate-guard';
import { queryClient } from './lib/query-client';
import { homePages, routes } from './routes';

// Only accounts on a temporary password see this form; it carries the form library, so it loads apart.
const SetPasswordScreen = lazy(() =>
  import('./components/auth/set-password-screen').then((m) => ({ default: m.SetPasswordScreen })),
);

/** `/`: the landing page for visitors, the dashboard for signed-in users. */
function Home() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  const Page = user ? homePages.user : homePages.visitor;
  return <Page />;
}

function Shell() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  usePageViewTracking({ signedIn: Boolean(user) });
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">
        {/* keyed by path so an error on one page does not stick after navigating away */}
        <ErrorBoundary key={pathname}>
          {user?.mustChangePassword ? (
            <Suspense fallback={<PageSpinner />}>
              <SetPasswordScreen />
            </Suspense>
          ) : (
            <Suspense fallback={<PageSpinner />}>
              <Routes>
                <Route path="/" element={<Home />} />
                {routes.map((r) => (
                  <Route
                    key={r.path}
                    path={r.path}
                    element={
                      <RouteGuard guard={r.guard}>
                        <r.Page />
                      </RouteGuard>
                    }
                  />
                ))}
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          )}
        </ErrorBoundary>
      </main>
      <AppToaster />
    </div>
  );
}

/** `router`: the browser's history; the build's prerender of `/` passes a StaticRouter. */
export function App({ router: Router = BrowserRouter }: { router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <ErrorBoundary>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <Router>
            <AuthProvider>
              <Shell />
            </AuthProvider>
          </Router>
        </QueryClientProvider>
      </ThemeProvider>
    </ErrorBoundary>
  );
}
