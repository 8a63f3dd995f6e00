import { LifeBuoy, Menu, Moon, PhoneCall, Plus, Sun } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { PRODUCT_NAME } from '@/lib/brand';
import { cn } from '@/lib/utils';
import { CreditsBadge } from '../../features/billing/credits-badge';
import { navLinksFor } from './nav-links';
import { supportMailto, useSupportEmail } from './use-support-email';

// Menus and tooltips built on Radix overlays (with floating-ui and scroll locking) load on their
// own, so a visitor's first download stays small; each has a look-alike fallback meanwhile. The
// visitor's menus are asked for only after the first render: the prerendered landing page holds
// their look-alikes, so hydrating it never waits on their code (a header waiting on it would have
// to be hydrated all at once when the support address arrives).
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));
const ThemeToggle = lazy(() => import('./theme-toggle').then((m) => ({ default: m.ThemeToggle })));
const SupportButton = lazy(() => import('./support-button').then((m) => ({ default: m.SupportButton })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground',
    isActive ? 'text-foreground bg-accent' : 'text-muted-foreground',
  );

/** False in the first render (the one the prerendered page was made from), true once mounted. */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export function Header() {
  const { user, isLoading } = useAuth();
  const mounted = useMounted();
  // a click on a menu's look-alike (before its code has loaded) opens that menu once it has
  const [asked, setAsked] = useState<'theme' | 'menu' | null>(null);
  const askTheme = () => setAsked('theme');
  const askMenu = () => setAsked('menu');
  const supportEmail = useSupportEmail();
  // "New Call" is the header's button, so it is left out of the desktop link row.
  const links = navLinksFor(user).filter((l) => l.to !== '/new-call' && !l.to.startsWith('/auth'));

  // On a temporary password every page is "Set a new password": no links that lead back to it,
  // and the screen itself offers Sign out (issue 23 §4).
  if (user?.mustChangePassword) {
    return (
      <header className="bg-background sticky top-0 z-40 border-b">
        <div className="container mx-auto flex h-14 items-center gap-2 px-4">
          <span className="flex items-center gap-2 font-semibold tracking-tight">
            <PhoneCall className="text-primary size-5" aria-hidden />
            <span>{PRODUCT_NAME}</span>
          </span>
        </div>
      </header>
    );
  }

  return (
    <header className="bg-background/80 supports-[backdrop-filter]:bg-background/60 sticky top-0 z-40 border-b backdrop-blur">
      <div className="container mx-auto flex h-14 items-center gap-2 px-4">
        <Link to="/" className="mr-2 flex items-center gap-2 font-semibold tracking-tight">
          <PhoneCall className="text-primary size-5" aria-hidden />
          <span>{PRODUCT_NAME}</span>
        </Link>

        {!isLoading && (
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end className={linkClass}>
                {link.label}
              </NavLink>
            ))}
            {!user && (
              <a href={supportMailto(supportEmail)} className={linkClass({ isActive: false })}>
                Support
              </a>
            )}
          </nav>
        )}

        <div className="ml-auto flex items-center gap-2">
          {isLoading ? null : user ? (
            <>
              <CreditsBadge credits={user.credits} />
              <Suspense fallback={<SupportLink email={supportEmail} />}>
                <SupportButton />
              </Suspense>
              <Button asChild size="sm" className="hidden sm:inline-flex">
                <Link to="/new-call">
                  <Plus />
                  New Call
                </Link>
              </Button>
              <Suspense fallback={null}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              {mounted ? (
                <Suspense fallback={<ThemeButton onClick={askTheme} />}>
                  <ThemeToggle defaultOpen={asked === 'theme'} />
                </Suspense>
              ) : (
                <ThemeButton onClick={askTheme} />
              )}
              <Button asChild variant="ghost" size="sm" className="hidden lg:inline-flex">
                <Link to="/auth">Sign In</Link>
              </Button>
              <Button asChild size="sm" className="hidden sm:inline-flex">
                <Link to="/auth?tab=signup">Sign Up</Link>
              </Button>
            </>
          )}
          {!isLoading &&
            (mounted ? (
              <Suspense fallback={<MenuButton onClick={askMenu} />}>
                <MobileMenu user={user} defaultOpen={asked === 'menu'} />
              </Suspense>
            ) : (
              <MenuButton onClick={askMenu} />
            ))}
        </div>
      </div>
    </header>
  );
}

/** What the support button looks like before its tooltip has loaded. */
function SupportLink({ email }: { email: string }) {
  return (
    <Button variant="ghost" size="icon" asChild>
      <a href={supportMailto(email)} aria-label="Contact support">
        <LifeBuoy />
      </a>
    </Button>
  );
}

/** What the theme menu's button looks like before the menu has loaded. */
function ThemeButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label="Theme" onClick={onClick}>
      <Sun className="dark:hidden" />
      <Moon className="hidden dark:block" />
    </Button>
  );
}

/** What the mobile menu's button looks like before the menu has loaded. */
function MenuButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu" onClick={onClick}>
      <Menu />
    </Button>
  );
}
