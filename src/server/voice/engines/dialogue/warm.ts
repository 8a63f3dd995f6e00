// The dialogue engine's first use in a process compiles its phrase patterns and brief readers
// (some 1,000 regular expressions) and leaves V8 to optimise them: about 0.9 s of CPU to make a
// first persona ready and 0.2–0.5 s in its first replies, where later ones take a few ms. The
// voice warm-up (voice/warm-up.ts) plays these sample conversations when a call is about to begin,
// so the user's first answers are not the ones that pay. Each step yields to the event loop first,
// so no request waits behind more than one of them.
import type { Persona, Turn } from '../brain.js';
import { preparePersona } from './conversation.js';
import { nextLine, openingFor } from './engine.js';

/** an interviewer, a negotiator with terms and levers, a prospect whose brief holds facts, and a
 * report hearing feedback with a brief of several paragraphs */
const SAMPLES: { persona: Persona; turns: string[] }[] = [
  {
    persona: {
      name: 'Jordan Lee',
      role: 'Head of Product',
      company: 'Northwind',
      systemPrompt:
        'You are Jordan, interviewing a candidate for a product manager role. Temperament: friendly. Your team has eight engineers and two designers.',
      welcomeMessage: "Hi, I'm Jordan. Thanks for making the time. Ready to start?",
      sampleQuestions: [
        'Tell me about a product you launched that you are proud of. What was your role?',
        'How would you measure the success of a new onboarding flow?',
      ],
    },
    turns: [
      'Yes, ready.',
      'In my last role I led a team of five engineers on the onboarding redesign. I interviewed twenty merchants, we shipped a shorter identity check and cut drop-off by eighteen percent in one quarter, because the old check asked for documents twice.',
      'How big is your team?',
      'um I would look at activation in the first week and uh run an experiment on ten percent of traffic',
      'Sorry, could you repeat the question?',
      'Thanks for your time, bye.',
    ],
  },
  {
    persona: {
      name: 'Casey Morgan',
      role: 'Recruiter',
      company: 'Northwind',
      systemPrompt:
        'You are Casey, closing a job offer. Temperament: sceptical. The offer is a base salary of 150,000. You can go up to 165,000 with a strong justification, or offer an extra equity grant.',
      welcomeMessage: "Hi, it's Casey. I'm glad we could talk about the offer.",
      sampleQuestions: ['How are you feeling about the offer?'],
    },
    turns: [
      'Thanks, I am excited about the role.',
      'I was thinking one hundred and seventy five thousand, given the market median of 172,000.',
      'Could you do 160,000 with the equity grant?',
      'Okay, that works.',
    ],
  },
  {
    persona: {
      name: 'Dana Brooks',
      role: 'Clinic Manager',
      company: 'Riverside Physio',
      systemPrompt:
        'You are Dana, a prospect on a discovery call. We get six or seven no-shows a week. Do not reveal the budget.',
      welcomeMessage: 'Hi, you have fifteen minutes. What did you want to show me?',
      sampleQuestions: ['Why would we need software?'],
    },
    turns: [
      'Hi Dana, how are you today?',
      'What happens when a patient does not turn up?',
      'Could we book thirty minutes next Tuesday?',
    ],
  },
  {
    persona: {
      name: 'Riley Chen',
      role: 'Data Analyst',
      company: 'Northwind',
      systemPrompt:
        'You are Riley, a data analyst. The user is your manager, meeting you for a one-to-one about two late reports.\n\nReact like a real person receiving difficult feedback: a little defensive at first. If the manager gives specific examples and asks for your view, gradually accept it. If the manager is vague or lectures you, push back. Ask what good looks like.\n\nKeep every reply short, and stay in character for the whole call.',
      welcomeMessage: 'Hey! The one-to-one moved up a bit. Everything okay?',
      sampleQuestions: [
        'Wait, who said that? Was it about one report in particular?',
        'Isn’t it my job to keep the numbers right?',
        'So what would you like me to do differently, exactly?',
        'Does this affect my performance review?',
      ],
    },
    turns: [
      'Hi Riley, thanks for making the time.',
      'The last two weekly reports came in on Monday instead of Friday, and finance had to delay their forecast.',
      'What do you think got in the way?',
    ],
  },
];

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

let warmed: Promise<void> | null = null;

/** Plays each sample conversation once per process; later calls return the same promise. */
export function warmDialogue(): Promise<void> {
  warmed ??= (async () => {
    for (const { persona, turns } of SAMPLES) {
      await yieldToEventLoop();
      const p = preparePersona(persona);
      const history: Turn[] = [{ speaker: 'agent', text: openingFor(p).text }];
      for (const turn of turns) {
        await yieldToEventLoop();
        history.push({ speaker: 'user', text: turn });
        history.push({ speaker: 'agent', text: nextLine(p, history).text });
      }
    }
  })();
  return warmed;
}
