// The fixed sample call shown in the landing page's demo dialog (spec: core-experience §2
// "Landing page"): a short product-sense interview, its transcript and its evaluation. The build
// speaks the transcript with the offline voice into SAMPLE_CALL_AUDIO_URL (scripts/vite-sample-call.ts).

/** the sample call's recording, made by the build (not in the repository) */
export const SAMPLE_CALL_AUDIO_URL = '/sample-call.mp3';

export const DEMO_CALL = {
  interviewer: {
    name: 'Sarah Chen',
    role: 'Group Product Manager',
    company: 'Brightline Payments',
    avatar: '/avatars/sarah-chen.svg',
    callType: 'Product Management Interview',
  },
  transcript: [
    {
      speaker: 'Sarah Chen',
      text: "Hi, I'm Sarah, Group Product Manager at Brightline Payments. This is our product sense conversation, so think out loud. Ready?",
    },
    { speaker: 'You', text: "Ready. Thanks for having me, I've been looking forward to this." },
    {
      speaker: 'Sarah Chen',
      text: 'Our merchants abandon onboarding at the identity check. How would you figure out why?',
    },
    {
      speaker: 'You',
      text: 'First I would split the drop-off by device, country and document type to see where it concentrates, then watch session recordings and call five merchants who quit last week.',
    },
    { speaker: 'Sarah Chen', text: 'Good. Say the data points at mobile users. What would you try first?' },
    {
      speaker: 'You',
      text: "I'd test letting them snap the ID with the camera instead of uploading a file, and measure completion rate, with time to first payment as a guardrail.",
    },
    { speaker: 'Sarah Chen', text: 'Nice. How would you know the fix did not just move the problem later?' },
    {
      speaker: 'You',
      text: "I'd track the whole funnel through to the first successful payout, not only the identity step, and watch support tickets for the new flow.",
    },
  ],
  evaluation: [
    {
      name: 'User Empathy',
      score: 8,
      feedback: 'Went straight to real merchants and their context before proposing a fix.',
    },
    {
      name: 'Problem Framing',
      score: 9,
      feedback: 'Segmented the drop-off before jumping to solutions; a clear, structured approach.',
    },
    {
      name: 'Metrics',
      score: 8,
      feedback: 'Named a primary metric and a guardrail; could add a target and a time frame.',
    },
    {
      name: 'Communication',
      score: 7,
      feedback: 'Concise and easy to follow. Pause to check assumptions with the interviewer.',
    },
  ],
} as const;
