// `/` for visitors (spec: core-experience §2 "Landing page"), sections in the spec's order.
import { useState } from 'react';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { ComingSoon, Faq, KeyFeatures, LandingFooter, Pricing, Questions, Section } from './landing-sections';
import { SampleScenariosCarousel } from './sample-scenarios-carousel';
import { useDemoCallDialog } from './use-demo-call-dialog';

export default function LandingPage() {
  const [demoOpen, setDemoOpen] = useState(false);
  const { DemoCallDialog, want: wantDemo } = useDemoCallDialog();
  return (
    <div>
      <HeroSection
        onWatchDemoIntent={wantDemo}
        onWatchDemo={() => {
          wantDemo();
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
      <LandingFooter />
      {DemoCallDialog && <DemoCallDialog open={demoOpen} onOpenChange={setDemoOpen} />}
    </div>
  );
}
