// `/` for visitors (spec: core-experience §2 "Landing page"), sections in the spec's order.
import { lazy, Suspense, useState } from 'react';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { ComingSoon, Faq, KeyFeatures, Pricing, Questions, Section } from './landing-sections';
import { SampleScenariosCarousel } from './sample-scenarios-carousel';

// Fetched when first asked for: most visitors never open it.
const DemoCallDialog = lazy(() => import('./demo-call-dialog'));

export default function LandingPage() {
  const [demoOpen, setDemoOpen] = useState(false);
  const [demoWanted, setDemoWanted] = useState(false);
  return (
    <div>
      <HeroSection
        onWatchDemo={() => {
          setDemoWanted(true);
          setDemoOpen(true);
        }}
      />
      <HowItWorksSection />
      <Section
        id="sample-scenarios"
        title="Sample Scenarios"
        intro="Ten ready-made personas to practise with, from product interviews to angry customers."
      >
        <SampleScenariosCarousel />
      </Section>
      <KeyFeatures />
      <ComingSoon />
      <Faq />
      <Pricing />
      <Questions />
      {demoWanted && (
        <Suspense fallback={null}>
          <DemoCallDialog open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      )}
    </div>
  );
}
