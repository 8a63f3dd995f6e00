// The landing page's static sections (spec: core-experience §2 "Landing page").

import { CREDIT_PACKS, formatCents, lowestPerCallCents, packSizesText } from '@shared/domain/credit-packs';
import {
  Award,
  BarChart3,
  Check,
  FileText,
  History,
  type LucideIcon,
  Mail,
  MessageSquareText,
  Mic,
  Route,
  Sparkles,
  Trophy,
  Wand2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { supportMailto, useSupportEmail } from '@/components/layout/use-support-email';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PRODUCT_NAME } from '@/lib/brand';
import { cn } from '@/lib/utils';

/**
 * The sections under the hero: the browser skips their layout and painting until they come near
 * the screen (a phone's first layout of the whole page was the longest task of the load).
 */
const BELOW_THE_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_40rem]';

/** Where the landing page's calls to action lead: the Register tab (a visitor has no account yet). */
export const SIGN_UP = '/auth?tab=signup';

export function Section({
  id,
  title,
  intro,
  children,
  muted = false,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  muted?: boolean;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(BELOW_THE_FOLD, 'scroll-mt-14', muted && 'bg-muted/40 border-y')}
    >
      <div className="container mx-auto px-4 py-16 sm:py-20">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="text-muted-foreground mt-3 text-lg">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

const FEATURES = [
  {
    icon: MessageSquareText,
    title: 'Real-time feedback',
    text: 'Instant insights on your performance and the areas to improve, the moment the call ends.',
  },
  {
    icon: Mic,
    title: 'Natural voice AI',
    text: 'Realistic AI callers who listen, follow up and push back like people do.',
  },
  {
    icon: BarChart3,
    title: 'Scored against a rubric',
    text: 'Every call is scored out of 10 on up to five criteria, with feedback and the reasoning behind it.',
  },
  {
    icon: Wand2,
    title: 'Custom scenarios',
    text: 'Describe any conversation you are dreading and get a persona, a rubric and questions made for it.',
  },
  {
    icon: History,
    title: 'Every call on record',
    text: 'Replay the audio, reread the transcript and track your scores as they climb.',
  },
  {
    icon: Route,
    title: 'Tracks and teams',
    text: 'Work through ordered sets of scenarios, such as a full interview loop, or practise as a team: invite colleagues, assign scenarios and follow their progress.',
  },
];

type Feature = { icon: LucideIcon; title: string; text: string };

/** A grid of feature cards: the card's top (its icon, perhaps with a badge), a title and a line. */
function FeatureCards({
  items,
  cardClassName,
  top,
}: {
  items: Feature[];
  cardClassName: string;
  top: (feature: Feature) => ReactNode;
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((f) => (
        <li key={f.title} className={cardClassName}>
          {top(f)}
          <h3 className="mb-2 font-semibold">{f.title}</h3>
          <p className="text-muted-foreground text-sm">{f.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function KeyFeatures() {
  return (
    <Section
      id="features"
      title="Key Features"
      intro="Everything you need to walk into the real conversation ready."
    >
      <FeatureCards
        items={FEATURES}
        cardClassName="bg-card rounded-xl border p-6 shadow-sm"
        top={(f) => <f.icon className="text-primary mb-4 size-8" aria-hidden />}
      />
    </Section>
  );
}

// Teams shipped: it is a key feature above, not a promise here.
const COMING_SOON = [
  {
    icon: Trophy,
    title: 'Achievements',
    text: 'Earn badges for streaks, finished tracks and personal bests.',
  },
  {
    icon: Sparkles,
    title: 'DIY tracks',
    text: 'Build your own practice tracks from any mix of preset and custom scenarios.',
  },
  {
    icon: FileText,
    title: 'Present mode',
    text: 'Share a presentation PDF and rehearse presenting it while the AI audience asks questions.',
  },
];

export function ComingSoon() {
  return (
    <Section id="coming-soon" title="Coming Soon" intro="What we are building next." muted>
      <FeatureCards
        items={COMING_SOON}
        cardClassName="bg-card rounded-xl border p-6"
        top={(f) => (
          <div className="mb-4 flex items-center justify-between">
            <f.icon className="text-primary size-7" aria-hidden />
            <Badge variant="outline">Soon</Badge>
          </div>
        )}
      />
    </Section>
  );
}

const FAQ = [
  {
    q: 'What kinds of calls can I practise?',
    a: 'Job interviews (product management, behavioural, leadership), sales pitches, customer escalations, negotiations, giving feedback, promotion requests and other difficult workplace conversations. You can also create your own scenario from a short description.',
  },
  {
    q: 'How does the AI evaluate me?',
    a: 'Each scenario has a rubric of up to five criteria. When the call ends, your transcript is scored from 0 to 10 on each criterion, with written feedback and the rationale for the score.',
  },
  {
    q: 'How long is a call?',
    a: 'Up to 30 minutes. You can end a call at any time with the End Call button, and the evaluation takes about 15 seconds.',
  },
  {
    q: 'What do I need?',
    a: 'A modern browser and a microphone. If you cannot speak aloud, you can type your answers instead.',
  },
  {
    q: 'How do credits work?',
    a: 'Each call uses credits from your balance, shown in the header. New accounts start with a free credit, and you can buy more packs at any time.',
  },
  {
    q: 'Can I listen to my calls again?',
    a: 'Yes. Your dashboard keeps every completed call with its audio recording, transcript and evaluation, and you can rate each one.',
  },
];

export function Faq() {
  return (
    <Section id="faq" title="Details" intro="Answers to the questions people ask most.">
      <div className="mx-auto max-w-3xl divide-y rounded-xl border">
        {FAQ.map((item) => (
          <details key={item.q} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
              {item.q}
              <span aria-hidden className="text-muted-foreground transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="text-muted-foreground mt-3 text-sm">{item.a}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

function PriceCard({
  name,
  price,
  unit,
  badge,
  points,
  extra,
  action,
  highlight = false,
}: {
  name: string;
  price: string;
  unit: string;
  badge?: string;
  points: string[];
  /** shown under the points, above the action */
  extra?: ReactNode;
  action: ReactNode;
  highlight?: boolean;
}) {
  return (
    <li
      className={`bg-card flex flex-col rounded-xl border p-6 shadow-sm ${highlight ? 'border-primary ring-primary/30 ring-2' : ''}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">{name}</h3>
        {badge && <Badge>{badge}</Badge>}
      </div>
      <p className="mt-4">
        <span className="text-3xl font-bold">{price}</span>{' '}
        <span className="text-muted-foreground text-sm">{unit}</span>
      </p>
      <ul className="mt-6 mb-8 space-y-2 text-sm">
        {points.map((p) => (
          <li key={p} className="flex gap-2">
            <Check className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
            {p}
          </li>
        ))}
      </ul>
      {extra}
      <div className="mt-auto">{action}</div>
    </li>
  );
}

/** Each pack and its price, as the purchase dialog sells them. */
function PackPrices() {
  return (
    <dl className="bg-muted/50 mb-6 grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg p-3 text-sm">
      {CREDIT_PACKS.map((p) => (
        <div key={p.credits} className="flex justify-between gap-2">
          <dt className="text-muted-foreground">
            {p.credits} {p.credits === 1 ? 'call' : 'calls'}
          </dt>
          <dd className="font-medium tabular-nums">{formatCents(p.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

const mail = (to: string, subject: string) => `mailto:${to}?subject=${encodeURIComponent(subject)}`;

export function Pricing() {
  const email = useSupportEmail();
  return (
    <Section
      id="pricing"
      title="Simple Pricing"
      intro="Pay for the calls you make. No subscription needed."
      muted
    >
      <ul className="mx-auto grid max-w-5xl gap-6 md:grid-cols-3">
        {/* Worded from the packs the server sells (spec: administration §9), so the page never
            promises a price the purchase dialog does not charge. */}
        <PriceCard
          name="Pay as you go"
          price={`from ${formatCents(lowestPerCallCents())}`}
          unit="per call"
          highlight
          points={[
            `Packs of ${packSizesText()} calls`,
            'Every preset and custom scenario',
            'Full evaluation and recording',
          ]}
          extra={<PackPrices />}
          action={
            <Button asChild className="w-full">
              <Link to={SIGN_UP}>Get Started</Link>
            </Button>
          }
        />
        <PriceCard
          name="Unlimited"
          price="$19.99"
          unit="per month"
          badge="Coming Soon"
          points={['Unlimited practice calls', 'Priority access to new features', 'Early access by email']}
          action={
            <Button asChild variant="outline" className="w-full">
              <a href={mail(email, `${PRODUCT_NAME} Unlimited early access`)}>Request Early Access</a>
            </Button>
          }
        />
        <PriceCard
          name="Custom"
          price="Let's talk"
          unit="for enterprise and teams"
          points={[
            'Team accounts and shared tracks',
            'Scenarios built for your roles',
            'Invoicing and volume pricing',
          ]}
          action={
            <Button asChild variant="outline" className="w-full">
              <a href={mail(email, `${PRODUCT_NAME} for teams`)}>Contact Us</a>
            </Button>
          }
        />
      </ul>
    </Section>
  );
}

export function Questions() {
  const email = useSupportEmail();
  return (
    <section aria-labelledby="questions-title" className={BELOW_THE_FOLD}>
      <div className="container mx-auto px-4 py-16 sm:py-20">
        <div className="bg-primary text-primary-foreground mx-auto flex max-w-4xl flex-col items-center gap-4 rounded-2xl px-6 py-12 text-center">
          <Award className="size-10" aria-hidden />
          <h2 id="questions-title" className="text-3xl font-bold tracking-tight">
            Questions?
          </h2>
          <p className="max-w-xl">
            We are happy to help you pick scenarios, set up your team or anything else. Write to us and a
            person will answer.
          </p>
          <Button asChild variant="secondary" size="lg">
            <a href={supportMailto(email)}>
              <Mail />
              Email Us
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}

const footerLink = 'text-muted-foreground hover:text-foreground text-sm transition-colors';

/** The page's foot: where to go next, how to reach a person, and the product's name. */
export function LandingFooter() {
  const email = useSupportEmail();
  return (
    <footer className={cn(BELOW_THE_FOLD, '[contain-intrinsic-size:auto_16rem] border-t')}>
      <div className="container mx-auto grid gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-2">
          <p className="font-semibold">{PRODUCT_NAME}</p>
          <p className="text-muted-foreground text-sm">
            Practise the conversations that matter, out loud, and get scored feedback on every call.
          </p>
        </div>
        <nav aria-label="Product" className="space-y-2">
          <p className="text-sm font-semibold">Product</p>
          <ul className="space-y-2">
            <li>
              <Link to="/scenarios" className={footerLink}>
                All Scenarios
              </Link>
            </li>
            <li>
              <a href="#how-it-works" className={footerLink}>
                How It Works
              </a>
            </li>
            <li>
              <a href="#pricing" className={footerLink}>
                Pricing
              </a>
            </li>
            <li>
              <a href="#faq" className={footerLink}>
                Details
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Account" className="space-y-2">
          <p className="text-sm font-semibold">Account</p>
          <ul className="space-y-2">
            <li>
              <Link to={SIGN_UP} className={footerLink}>
                Sign Up
              </Link>
            </li>
            <li>
              <Link to="/auth" className={footerLink}>
                Sign In
              </Link>
            </li>
          </ul>
        </nav>
        <div className="space-y-2">
          <p className="text-sm font-semibold">Contact</p>
          <a href={supportMailto(email)} className={cn(footerLink, 'break-all')}>
            {email}
          </a>
        </div>
      </div>
      <div className="text-muted-foreground container mx-auto border-t px-4 py-6 text-xs">
        © {PRODUCT_NAME}. Practice calls with AI-powered feedback.
      </div>
    </footer>
  );
}
