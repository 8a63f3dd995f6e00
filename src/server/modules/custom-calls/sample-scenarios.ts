// Five scenario descriptions of different kinds, written as a user would, shared by the
// generator's unit and integration tests.
import type { GenerationInput } from './builtin-generator.js';

export const SAMPLE_SCENARIOS = {
  interview: {
    userContext:
      'I am a backend engineer with six years of experience, mostly in Go and PostgreSQL, and I led the migration of our billing system to event sourcing.',
    personaDetails:
      'Priya is an engineering manager at a fast-growing payments startup. She is friendly but rigorous and expects concrete examples.',
    scenarioDetails:
      'A final-round job interview for a senior backend engineer position. She will ask about my experience with distributed systems, the billing migration I led and how I handle production incidents. She may also ask: "How do you decide when to pay down technical debt?"',
  },
  sales: {
    userContext: 'I sell a customer-support analytics product to mid-sized e-commerce companies.',
    personaDetails:
      'Marcus is head of customer support at an online furniture retailer, busy and sceptical of new vendors.',
    scenarioDetails:
      'A discovery call and pitch to a prospect. He is worried about the integration effort with Zendesk and questions me about pricing per agent. I want to book a demo with his team.',
  },
  negotiation: {
    userContext: 'I have been offered a product designer role and want a better package.',
    personaDetails:
      'The recruiter, named Elena, has limited budget flexibility and wants the offer signed this week.',
    scenarioDetails:
      'Negotiating my job offer: I want to negotiate the base salary up by ten percent and discuss the signing bonus and remote work terms before I sign the contract.',
  },
  feedback: {
    userContext: 'I manage a team of five analysts and I am a new manager.',
    personaDetails: 'Tom is a senior analyst on my team, talented but defensive when criticised.',
    scenarioDetails:
      'A difficult feedback conversation in our one-on-one. I need to talk about his missed deadlines on the quarterly report and his behaviour in team meetings, where he interrupts colleagues.',
  },
  escalation: {
    userContext: 'I work as an account manager for a cloud hosting company.',
    personaDetails: 'Dana is the CTO of a customer, angry after a second outage this month.',
    scenarioDetails:
      'An angry customer escalation after an outage took their checkout down for three hours. She is upset about the lack of status updates and wants a refund and a credible plan. She may cancel the contract.',
  },
} satisfies Record<string, GenerationInput>;
