import { LifeBuoy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { supportMailto, useSupportEmail } from './use-support-email';

/** Opens a mail draft to the support address. */
export function SupportButton() {
  const email = useSupportEmail();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" asChild>
          <a href={supportMailto(email)} aria-label="Contact support">
            <LifeBuoy />
          </a>
        </Button>
      </TooltipTrigger>
      <TooltipContent>Contact support ({email})</TooltipContent>
    </Tooltip>
  );
}
