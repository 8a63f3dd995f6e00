import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';

/** The signed-in user's credit balance; links to Profile, where credits are bought. */
export function CreditsBadge({ credits }: { credits: number }) {
  const label = `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
  return (
    <Badge variant="secondary" asChild className="h-7 gap-1.5 px-2.5 text-sm">
      <Link to="/profile" aria-label={label} data-testid="credits-badge">
        <Coins className="text-primary" aria-hidden />
        <span>{label}</span>
      </Link>
    </Badge>
  );
}
