import { ArrowRight, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { SIGN_UP } from './landing-sections';

/** A still of a live call, drawn with markup so the hero needs no image download. */
function CallPreview() {
  return (
    <div aria-hidden className="bg-card mx-auto w-full max-w-md rounded-2xl border p-5 shadow-xl">
      <div className="flex items-center gap-3">
        <img src="/avatars/tom-brennan.svg" alt="" width={48} height={48} className="size-12 rounded-full" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">Tom Brennan</p>
          <p className="text-muted-foreground text-sm">Customer Escalation</p>
        </div>
        <span className="rounded-md bg-emerald-600/15 px-2 py-1 font-mono text-sm text-emerald-800 dark:text-emerald-300">
          24:18
        </span>
      </div>
      <div className="mt-5 space-y-3 text-sm">
        <p className="bg-muted max-w-[85%] rounded-lg px-3 py-2">
          Sixty stores couldn't take cards for three hours. What happened?
        </p>
        <p className="bg-primary text-primary-foreground ml-auto max-w-[85%] rounded-lg px-3 py-2">
          You're right to be angry. Here is exactly what failed, and what we are changing this week.
        </p>
      </div>
      <div className="mt-5 grid grid-cols-3 gap-2 text-center text-xs">
        {[
          ['Empathy', '8.5'],
          ['Ownership', '9.0'],
          ['Clarity', '7.5'],
        ].map(([name, score]) => (
          <div key={name} className="bg-muted/60 rounded-lg p-2">
            <p className="text-muted-foreground">{name}</p>
            <p className="text-base font-semibold">{score}</p>
          </div>
        ))}
      </div>
    </div>
  );
}

export function HeroSection({
  onWatchDemo,
  onWatchDemoIntent,
}: {
  onWatchDemo: () => void;
  /** the pointer is over the sample call's button or it has focus: a click may follow */
  onWatchDemoIntent: () => void;
}) {
  return (
    <section aria-labelledby="hero-title" className="from-primary/10 bg-gradient-to-b to-transparent">
      <div className="container mx-auto grid items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-2">
        <div className="text-center lg:text-left">
          <h1
            id="hero-title"
            className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Practice calls with <span className="text-primary">AI-Powered Feedback</span>
          </h1>
          <p className="text-muted-foreground mx-auto mt-6 max-w-xl text-lg lg:mx-0">
            Rehearse job interviews, sales pitches and difficult conversations out loud with a realistic AI
            persona, then get a scored evaluation that shows exactly what to improve.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg">
              <Link to={SIGN_UP}>
                Get Started
                <ArrowRight />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/scenarios">See All Scenarios</Link>
            </Button>
            {/* a click before the page is hydrated is replayed after (lib/hydrate-on-intent.ts) */}
            <Button
              type="button"
              size="lg"
              variant="ghost"
              onClick={onWatchDemo}
              onPointerEnter={onWatchDemoIntent}
              onFocus={onWatchDemoIntent}
            >
              <PlayCircle />
              Watch a Sample Call
            </Button>
          </div>
        </div>
        <CallPreview />
      </div>
    </section>
  );
}
