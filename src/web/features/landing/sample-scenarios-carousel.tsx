import { avatarSrc, SAMPLE_SCENARIOS } from '@shared/sample-scenarios';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { scenarioSubtitle } from '@/lib/scenario-subtitle';

/** True once the element is within a screen of the viewport (and from then on). */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * The ten sample scenarios: wraps at both ends, arrow keys move it when it has focus, and it
 * follows a swipe or drag (Embla). Embla measures every slide when it starts, so it starts only
 * when the carousel comes near the screen, not during the page's load.
 */
export function SampleScenariosCarousel() {
  const sectionRef = useRef<HTMLElement>(null);
  // a move asked for before Embla started (it starts near the screen) starts it and is kept
  const [asked, setAsked] = useState(false);
  const pendingSteps = useRef(0);
  const active = useNearScreen(sectionRef) || asked;
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, align: 'start', active });
  const embla = active ? emblaApi : undefined;
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    const steps = pendingSteps.current;
    pendingSteps.current = 0;
    if (steps !== 0) {
      const count = embla.scrollSnapList().length;
      embla.scrollTo((((embla.selectedScrollSnap() + steps) % count) + count) % count, true);
    }
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const move = useCallback(
    (step: 1 | -1) => {
      if (embla) {
        if (step < 0) embla.scrollPrev();
        else embla.scrollNext();
        return;
      }
      pendingSteps.current += step;
      setAsked(true);
    },
    [embla],
  );
  const prev = useCallback(() => move(-1), [move]);
  const next = useCallback(() => move(1), [move]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      prev();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      next();
    }
  };
  const total = SAMPLE_SCENARIOS.length;
  // a click before the page is hydrated is replayed after (lib/hydrate-on-intent.ts)
  const arrowButton = { type: 'button', variant: 'outline', size: 'icon' } as const;

  return (
    <section
      ref={sectionRef}
      aria-roledescription="carousel"
      aria-label="Sample scenarios"
      className="relative"
      // Arrow keys work anywhere inside, including on the slides and buttons.
      onKeyDownCapture={onKeyDown}
    >
      <p className="sr-only" aria-live="polite" data-testid="carousel-status">
        Scenario {selected + 1} of {total}: {SAMPLE_SCENARIOS[selected].name}
      </p>
      {/* The viewport takes focus so the arrow keys can move it. */}
      <div
        ref={emblaRef}
        role="group"
        aria-label="Scenario slides, use the left and right arrow keys to move"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so the arrow keys reach it
        tabIndex={0}
        className="focus-visible:ring-ring/50 overflow-hidden rounded-xl outline-none focus-visible:ring-[3px]"
      >
        <div className="-ml-4 flex touch-pan-y">
          {SAMPLE_SCENARIOS.map((s, i) => (
            <div
              key={s.slug}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${total}: ${s.name}`}
              aria-current={i === selected ? 'true' : undefined}
              data-slide-index={i}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 sm:basis-1/2 lg:basis-1/3"
            >
              <article className="bg-card text-card-foreground flex h-full flex-col gap-4 rounded-xl border p-5 shadow-sm">
                <div className="flex items-center gap-3">
                  <img
                    src={avatarSrc(s.slug)}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    decoding="async"
                    className="size-14 rounded-full"
                  />
                  <div className="min-w-0">
                    <h3 className="font-semibold leading-tight">{s.name}</h3>
                    <p className="text-muted-foreground text-sm">{scenarioSubtitle(s.role, s.company)}</p>
                  </div>
                </div>
                <Badge variant="secondary">{s.callType}</Badge>
                <p className="text-sm">{s.summary}</p>
                <div className="mt-auto">
                  <h4 className="text-muted-foreground mb-2 text-xs font-semibold uppercase tracking-wide">
                    Example questions
                  </h4>
                  <ul className="list-disc space-y-1 pl-5 text-sm">
                    {s.questions.map((q) => (
                      <li key={q}>{q}</li>
                    ))}
                  </ul>
                </div>
              </article>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <Button {...arrowButton} onClick={prev} aria-label="Previous scenario">
          <ChevronLeft />
        </Button>
        <span className="text-muted-foreground min-w-16 text-center text-sm tabular-nums" aria-hidden>
          {selected + 1} / {total}
        </span>
        <Button {...arrowButton} onClick={next} aria-label="Next scenario">
          <ChevronRight />
        </Button>
      </div>
    </section>
  );
}
