// Hand-written transcripts of the same questions answered well and badly, used by the tests and by
// bench/evaluation.ts. The strong one is specific (figures, a STAR story, reasons, questions back,
// empathy, a clear ask); the weak one is vague and full of fillers.

export const SAMPLE_RUBRIC = [
  { name: 'Communication', description: 'Speaks clearly and concisely, with well-structured answers.' },
  {
    name: 'Problem Solving',
    description: 'Breaks the problem down and reasons towards a sound, practical answer.',
  },
  { name: 'Structure', description: 'Uses a clear situation, task, action, result structure.' },
  { name: 'Discovery', description: 'Asks good questions to understand needs.' },
  { name: 'Objection Handling', description: 'Acknowledges concerns and answers them with value.' },
  { name: 'Empathy', description: 'Shows understanding of the other person.' },
  { name: 'Negotiation', description: 'Makes a clear ask and trades concessions.' },
  { name: 'Leadership', description: 'Takes ownership and leads the team.' },
  { name: 'Use of Metrics', description: 'Backs claims with data.' },
  {
    name: 'Cultural Add',
    description: 'Brings curiosity, humility and fresh perspective to the organisation.',
  },
];

const QUESTIONS = [
  'Tell me about a product you launched and how it went.',
  'How did you decide what to build first?',
  'Our budget is tight this year and I am worried the price is too high. What would you say?',
  'The team is stressed about the deadline. How would you handle that conversation?',
  'What would you need from us to make this work?',
];

const STRONG_ANSWERS = [
  'At my last job the situation was that onboarding took three weeks and 40% of new customers churned in the first month. My goal was to cut that in half. I led a team of five engineers and a designer. First I interviewed 20 customers to find the pain points, then I built a guided setup. As a result, onboarding dropped to 6 days and first-month churn fell from 40% to 18%.',
  'I prioritized by impact and effort because we had only one quarter. We had three options: a new dashboard, a guided setup, or integrations. The trade-off was clear: the data showed setup was the root cause of churn, so I decided to build that first. We measured conversion weekly against a baseline of 12% and reached 21% within 8 weeks.',
  "I understand, that's a fair point, and budgets are tight everywhere. Can I ask what the cost of the current process is for you? For example, a customer like yours saved $120,000 a year, so the tool pays for itself in about four months. Compared to hiring one more analyst, the return on investment is roughly 3 times higher.",
  'It sounds like the team is carrying a lot right now, and I appreciate how much effort they have put in. I would start by asking them how they are feeling about the scope? Then I would take ownership of the conversation with stakeholders and cut two features so the deadline is realistic. My team delivered the last release 2 days early using the same approach.',
  "I'm asking for a 12-month pilot at 15% below list price. In exchange, would you be open to a case study and a reference call? If you can commit by Friday, I can include onboarding for 30 users at no cost. Does that work as a next step?",
];

const WEAK_ANSWERS = [
  'Um, yeah, so, like, we did a product, you know, and it was, uh, fine I guess.',
  'Uh, I think we just, um, kind of built what people wanted, like, maybe.',
  'Hmm, well, um, it is what it is, I guess, sort of.',
  'Uh, I mean, they will be fine, probably, like, you know, whatever.',
  'Um, I am not sure, maybe nothing, uh, I guess.',
];

function interleave(answers: readonly string[]): string {
  return QUESTIONS.flatMap((q, i) => [`Interviewer: ${q}`, `You: ${answers[i]}`]).join('\n');
}

export const STRONG_TRANSCRIPT = interleave(STRONG_ANSWERS);
export const WEAK_TRANSCRIPT = interleave(WEAK_ANSWERS);

/** About `targetWords` candidate words of varied strong answers (a 30-minute call is ~4,500). */
export function longTranscript(targetWords = 4500): string {
  const lines: string[] = [];
  let words = 0;
  for (let i = 0; words < targetWords; i++) {
    const answer = STRONG_ANSWERS[i % STRONG_ANSWERS.length];
    lines.push(`Interviewer: ${QUESTIONS[i % QUESTIONS.length]}`, `You: ${answer}`);
    words += answer.split(/\s+/).length;
  }
  return lines.join('\n');
}
