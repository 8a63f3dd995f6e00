import type { User } from '@shared/contracts/auth';
import { Coins, LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { PRODUCT_NAME } from '@/lib/brand';
import { cn } from '@/lib/utils';
import { isLinkActive, navLinksFor } from './nav-links';
import { supportMailto, useSupportEmail } from './use-support-email';

const itemClass = 'hover:bg-accent hover:text-accent-foreground rounded-md px-3 py-2 text-sm font-medium';

/**
 * The header's links in a side sheet for small screens (spec: the mobile menu repeats the same
 * links). `defaultOpen`: its look-alike was clicked before this had loaded.
 */
export function MobileMenu({ user, defaultOpen = false }: { user: User | null; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const { logout, isLoggingOut } = useAuth();
  const supportEmail = useSupportEmail();
  const { pathname, search } = useLocation();
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-72">
        <SheetHeader>
          <SheetTitle>{PRODUCT_NAME}</SheetTitle>
          <SheetDescription>{user ? user.email : 'Practice calls with AI-Powered Feedback'}</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 px-4">
          {navLinksFor(user).map((link) => (
            <Link
              key={link.to}
              to={link.to}
              onClick={close}
              aria-current={isLinkActive(link, pathname, search) ? 'page' : undefined}
              className={cn(
                itemClass,
                isLinkActive(link, pathname, search) && 'bg-accent text-accent-foreground',
              )}
            >
              {link.label}
            </Link>
          ))}
          <a href={supportMailto(supportEmail)} className={itemClass} onClick={close}>
            Support
          </a>
          {user && (
            <>
              <Separator className="my-2" />
              <Link to="/profile" onClick={close} className={cn(itemClass, 'flex items-center gap-2')}>
                <Coins className="text-primary size-4" aria-hidden />
                Credits: {user.credits}
              </Link>
              <button
                type="button"
                disabled={isLoggingOut}
                onClick={() => void logout()}
                className={cn(itemClass, 'flex items-center gap-2 text-left')}
              >
                <LogOut className="size-4" aria-hidden />
                Sign Out
              </button>
            </>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
