// The ten scenarios of the landing page's Sample Scenarios carousel: the seeded presets as a
// visitor first meets them (src/server/db/seed/presets.json; presets.test.ts keeps the
// two lists in step). Static so the landing page needs no request before it can paint.
export type SampleScenario = {
  slug: string;
  name: string;
  role: string;
  company: string;
  callType: string;
  summary: string;
  /** a few of the preset's sample questions */
  questions: string[];
};

export const SAMPLE_SCENARIOS: SampleScenario[] = [
  {
    slug: 'sarah-chen',
    name: 'Sarah Chen',
    role: 'Group Product Manager',
    company: 'Brightline Payments',
    callType: 'Product Management Interview',
    summary: 'A product sense round: frame a problem, prioritise and pick the right metrics.',
    questions: [
      'Tell me about a product you launched that you are proud of. What was your role?',
      'Our merchants abandon onboarding at the identity check. How would you figure out why?',
      'Design a feature that helps a small café owner get paid faster.',
    ],
  },
  {
    slug: 'marcus-webb',
    name: 'Marcus Webb',
    role: 'Director of Product',
    company: 'Lumen Analytics',
    callType: 'Product Management Interview',
    summary: 'Strategy and execution: roadmaps, slipped launches and hard trade-offs.',
    questions: [
      'Walk me through the roadmap you own today and how you decided what is on it.',
      'Your biggest customer demands a feature that conflicts with the strategy. What do you do?',
      'A launch will slip by six weeks. How do you handle it with engineering and sales?',
    ],
  },
  {
    slug: 'rachel-alvarez',
    name: 'Rachel Alvarez',
    role: 'VP of Operations',
    company: 'Harbor Logistics',
    callType: 'Sales Call',
    summary: 'Pitch warehouse software to a busy, sceptical buyer with a tight budget.',
    questions: [
      'Why should I switch when our current system mostly works?',
      'What would this cost us, all in, for four warehouses?',
      'How long until my team is actually up and running?',
    ],
  },
  {
    slug: 'tom-brennan',
    name: 'Tom Brennan',
    role: 'IT Director',
    company: 'Summit Retail Group',
    callType: 'Customer Escalation',
    summary: 'Calm an angry customer after an outage and win back their trust.',
    questions: [
      'What exactly went wrong on Saturday?',
      'Why did it take your support team two hours to respond?',
      'How do I know this will not happen again during our next sale?',
    ],
  },
  {
    slug: 'dana-whitfield',
    name: 'Dana Whitfield',
    role: 'Senior Product Designer',
    company: 'Your Team',
    callType: 'Workplace Conversation',
    summary: 'Repair a strained working relationship after taking credit for a colleague’s work.',
    questions: [
      "Honestly, I'm fine. What did you want to talk about?",
      'Why did I have to hear about the leadership review from someone else?',
      'How would you feel if it were the other way around?',
    ],
  },
  {
    slug: 'daniel-torres',
    name: 'Daniel Torres',
    role: 'Engineering Director',
    company: 'Your Manager',
    callType: 'Workplace Conversation',
    summary: 'Make the case for your promotion to a supportive but careful manager.',
    questions: [
      'Why do you feel you are ready for the next level now?',
      'What has been your most significant impact in the last six months?',
      'How does your scope compare with people already at that level?',
    ],
  },
  {
    slug: 'elena-petrova',
    name: 'Elena Petrova',
    role: 'Chief Operating Officer',
    company: 'Crescent Bank',
    callType: 'Leadership Interview',
    summary: 'A final leadership interview for a role leading four hundred people.',
    questions: [
      'Tell me about the largest organisation you have led and how you structured it.',
      'Describe a transformation you led that met strong resistance. What did you do?',
      'How do you handle a loyal manager who is no longer effective?',
    ],
  },
  {
    slug: 'greg-holloway',
    name: 'Greg Holloway',
    role: 'Head of Talent Acquisition',
    company: 'Vantage Cloud',
    callType: 'Negotiation',
    summary: 'Negotiate salary and signing bonus on a job offer you want to accept.',
    questions: [
      'How are you feeling about the offer overall?',
      'What number did you have in mind, and how did you arrive at it?',
      'Do you have any other offers you are considering?',
    ],
  },
  {
    slug: 'alex-kim',
    name: 'Alex Kim',
    role: 'Software Engineer',
    company: 'Your Team',
    callType: 'Feedback Conversation',
    summary: 'Give a talented engineer hard feedback about harsh code reviews.',
    questions: [
      'Wait, who said that? Was it about one review in particular?',
      'Isn’t it my job to keep the code quality high?',
      'So what would you like me to do differently, exactly?',
    ],
  },
  {
    slug: 'naomi-clarke',
    name: 'Naomi Clarke',
    role: 'Senior Engineering Manager',
    company: 'Fernway Travel',
    callType: 'Behavioral Interview',
    summary: 'Answer classic behavioural questions with clear STAR stories.',
    questions: [
      'Tell me about a time you disagreed with a teammate. How did you resolve it?',
      'Describe a project that failed. What was your part in it and what did you learn?',
      'Tell me about a time you took ownership of something outside your role.',
    ],
  },
];

export const avatarSrc = (slug: string) => `/avatars/${slug}.svg`;
