import type { HowItWorksImages } from '@shared/contracts/scenarios';
import { HOW_IT_WORKS_IMAGES } from '@shared/how-it-works-images';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { Section } from './landing-sections';

const STEPS: { key: keyof HowItWorksImages; title: string; text: string; alt: string }[] = [
  {
    key: 'setup',
    title: 'Set up',
    text: 'Pick a scenario, such as a product interview or an angry customer, or describe your own.',
    alt: 'Three persona cards with one selected',
  },
  {
    key: 'practice',
    title: 'Practice',
    text: 'Talk it through by voice. The AI persona listens, follows up and pushes back like a real person.',
    alt: 'A live call with the persona speaking and a sound wave',
  },
  {
    key: 'review',
    title: 'Review',
    text: 'Get a score out of 10 for each criterion, with feedback, the transcript and the recording.',
    alt: 'A score card with a bar for each criterion',
  },
];

export function HowItWorksSection() {
  const images = useQuery({
    queryKey: ['/api/how-it-works-images'],
    queryFn: () => api.get('/api/how-it-works-images'),
    // the server's own answer, known at build time: the prerendered page has its pictures before
    // any script runs (the app may start only on the visitor's first intent), and hydration matches
    placeholderData: HOW_IT_WORKS_IMAGES,
  });
  return (
    <Section id="how-it-works" title="How It Works" intro="Three steps from nervous to ready." muted>
      <ol className="grid gap-8 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.key} className="bg-card overflow-hidden rounded-xl border shadow-sm">
            <div className="bg-muted aspect-[3/2]">
              {images.data && (
                <img
                  src={images.data[step.key]}
                  alt={step.alt}
                  width={480}
                  height={320}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              )}
            </div>
            <div className="p-6">
              <p className="text-primary text-sm font-semibold">Step {i + 1}</p>
              <h3 className="mt-1 text-xl font-semibold">{step.title}</h3>
              <p className="text-muted-foreground mt-2 text-sm">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
