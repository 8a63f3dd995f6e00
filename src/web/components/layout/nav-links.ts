import type { User } from '@shared/contracts/auth';

export type NavLink = { label: string; to: string };

/** Header links by audience (spec: Header and navigation). Visitors' Support link is a mailto, added by the header. */
export function navLinksFor(user: User | null): NavLink[] {
  if (!user)
    return [
      { label: 'See All Scenarios', to: '/scenarios' },
      { label: 'Sign Up', to: '/auth?tab=signup' },
      { label: 'Sign In', to: '/auth' },
    ];
  const links: NavLink[] = [
    { label: 'Dashboard', to: '/' },
    { label: 'Tracks', to: '/tracks' },
    { label: 'Teams', to: '/teams' },
    { label: 'New Call', to: '/new-call' },
    { label: 'Profile', to: '/profile' },
  ];
  if (user.isAdmin) links.push({ label: 'Admin', to: '/admin' }, { label: 'All Calls', to: '/all-calls' });
  return links;
}

/** Whether a header link points at the current page (Sign In and Sign Up share /auth, told apart by `tab`). */
export function isLinkActive(link: NavLink, pathname: string, search: string): boolean {
  const [path, query = ''] = link.to.split('?');
  if (path !== pathname) return false;
  const wanted = new URLSearchParams(query);
  const current = new URLSearchParams(search);
  if (path === '/auth') return (current.get('tab') === 'signup') === (wanted.get('tab') === 'signup');
  return [...wanted].every(([key, value]) => current.get(key) === value);
}
