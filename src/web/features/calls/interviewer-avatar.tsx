import type { Interviewer } from '@shared/contracts/scenarios';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

export function InterviewerAvatar({
  interviewer,
  className,
}: {
  interviewer: Pick<Interviewer, 'name' | 'avatar'>;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-12', className)}>
      {interviewer.avatar ? <AvatarImage src={interviewer.avatar} alt="" /> : null}
      <AvatarFallback>{interviewer.name.charAt(0).toUpperCase()}</AvatarFallback>
    </Avatar>
  );
}
