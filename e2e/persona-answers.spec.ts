// The built-in persona answers what the user asks it (docs/voice.md): on a discovery call with no
// keys, the prospect tells her problems when asked, in her own words, instead of reciting her next
// objection, and her own question waits until the user has pitched.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { FIRST_LOAD, signUp, typedTurns } from './support/practice';

/** A new user's call with a preset persona, answered by typing: `say` sends a turn and gives the persona's reply. */
async function typedCall(page: Page, user: string, persona: RegExp) {
  await signUp(page, user);
  await page.goto('/new-call');
  await page.getByRole('button', { name: persona }).click(FIRST_LOAD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected', { timeout: 30_000 });
  return typedTurns(page);
}

test('a prospect asked discovery questions answers them from her brief, takes the pitch, and is not rushed to a demo', async ({
  page,
}) => {
  const say = await typedCall(page, 'Discovery Rep', /Rachel Alvarez/);

  const problems = await say(
    'Thanks for the time, Rachel. How does your team handle orders today, and where does it hurt most?',
  );
  await expect(problems).toContainText('My real problems are mis-shipped orders');
  await expect(problems).not.toContainText('Why should I switch');
  const budget = await say('What does a mis-shipped order end up costing you, roughly?');
  await expect(budget).toContainText('My budget for this year is limited');
  // the pitch is her first answer: she names something of it and asks her own first question
  const objection = await say(
    'A distributor with four warehouses like yours cut mis-shipped orders by a third in three months with scan-to-confirm packing.',
  );
  await expect(objection).toContainText('Why should I switch when our current system mostly works?');
  // a proposed next step answers nothing: what she wants settled first, and her question again
  const notYet = await say('Could we book 30 minutes next Tuesday to show you a demo?');
  await expect(notYet).toContainText(/get ahead of ourselves|put anything in the diary/);
  await expect(notYet).toContainText('Why should I switch');
  // an answer that ends on a question to her: heard, and the question answered, not her next one
  const asked = await say(
    'Because your spreadsheets cost you about 2 percent of orders, and we cut that in half in a quarter. Who else would sign off on a purchase like this?',
  );
  await expect(asked).toContainText('I answer to a cost-focused CFO');
  await expect(asked).not.toContainText('What would this cost us');
  await page.screenshot({ path: test.info().outputPath('persona-answers.png'), fullPage: true });

  await page.getByRole('button', { name: 'End Call' }).click();

  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
});

test('a report hearing feedback waits for the manager to begin, and reacts to what they say', async ({
  page,
}) => {
  const say = await typedCall(page, 'Feedback Manager', /Alex Kim/);

  // "Everything okay?": a greeting is not the feedback, so Alex says to go ahead
  const goAhead = await say('Hi Alex, how are you? Thanks for making time.');
  await expect(goAhead).toContainText(/Go ahead|on your mind/);
  await expect(goAhead).not.toContainText('who said that');
  const reaction = await say(
    'I wanted to talk about your code reviews. A couple of people have said the comments feel harsh.',
  );
  await expect(reaction).toContainText('Wait, who said that?');
  await expect(reaction).not.toContainText(/move on|next question/i);
  await page.screenshot({ path: test.info().outputPath('feedback-go-ahead.png'), fullPage: true });

  await page.getByRole('button', { name: 'End Call' }).click();

  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
});

test('a colleague asked for her side tells it, and says what she wants settled', async ({ page }) => {
  const say = await typedCall(page, 'Peer Manager', /Dana Whitfield/);

  // "What's on your mind?" was put off "to the end of the call", as an interviewer would
  const story = await say("Hi Dana, thanks for coming. What's on your mind?");
  await expect(story).toContainText('the slides used my research and designs without mentioning me');
  await expect(story).not.toContainText(/at the end|to my question/);
  const felt = await say("I'm sorry you heard it that way. Can you tell me more about how it felt?");
  await expect(felt).toContainText('I found out from someone else.');
  const settled = await say('That makes sense. What would help?');
  await expect(settled).toContainText(
    'Why did I have to hear about the leadership review from someone else?',
  );
  await expect(settled).not.toContainText("Honestly, I'm fine");
  await page.screenshot({ path: test.info().outputPath('colleague-side.png'), fullPage: true });

  await page.getByRole('button', { name: 'End Call' }).click();

  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
});

test('an interviewer answers a question asked at the end of an answer, waits through thanks, hears an answer to another question, and lets the candidate go', async ({
  page,
}) => {
  const say = await typedCall(page, 'Leaving Candidate', /Sarah Chen/);

  await say('Ready when you are.');
  // the answer heard and the question answered: not "Now, over to you on a product you launched…"
  const both = await say(
    "I launched savings pots at Monzo. I ran twelve customer interviews, and deposits grew 30 percent in six months. How big is the team I'd be joining?",
  );
  await expect(both).toContainText("It's a Senior Product Manager role on my onboarding team.");
  await expect(both).toContainText('Our merchants abandon onboarding at the identity check');
  // thanks is no answer: the question again, not "Appreciate — okay! Tell me a bit more"
  const again = await say('Thanks, I appreciate that.');
  await expect(again).toContainText('How would you figure out why?');
  await expect(again).not.toContainText(/appreciate/i);
  // the answer prepared for another question: said not to answer this one, not praised and passed
  const prepared = await say('Honestly, my biggest weakness is that I take on too much myself.');
  await expect(prepared).toContainText('figure out why');
  await expect(prepared).not.toContainText(/café|next one|keep going/i);
  await page.screenshot({ path: test.info().outputPath('persona-other-question.png'), fullPage: true });
  // leaving before the questions are done: let go, not "Could you say a little more about that?"
  const bye = await say('Sorry, I have to jump to another call. Thank you for your time, bye!');
  await expect(bye).toContainText('You can end the call');
  await expect(bye).not.toContainText('?');
  await page.screenshot({ path: test.info().outputPath('persona-leaves.png'), fullPage: true });

  await page.getByRole('button', { name: 'End Call' }).click();

  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
});

test('a recruiter closing an offer bargains: notes what he cannot agree, counters, takes a package, meets in the middle, says the deal back; the results say what it came to', async ({
  page,
}) => {
  const say = await typedCall(page, 'Bargaining Candidate', /Greg Holloway/);

  // something the brief gives him no say over: he cannot agree to it on the call, and will check
  const noted = await say('Could I have two remote days a week?');
  await expect(noted).toContainText(/two remote days a week/i);
  await expect(noted).toContainText(/can't|isn't mine|not agreeing|not something/i);
  // a figure with its evidence: countered halfway, not "175,000, got it! On to the next one"
  const counter = await say(
    'I was thinking 175,000. Market data puts the median at 172,000, and I have a competing offer at 168,000.',
  );
  await expect(counter).toContainText('175,000');
  await expect(counter).toContainText('160,000');
  await expect(counter).not.toContainText(/next one|quite something/);
  // a package: the base taken, the bonus countered
  const bonus = await say('I could live with 165,000 if you add a 15,000 signing bonus.');
  await expect(bonus).toContainText('165,000');
  await expect(bonus).toContainText('7,500');
  // meeting in the middle is the deal, said back, and the call closed
  const deal = await say('Could we meet at 10,000 on the signing bonus?');
  await expect(deal).toContainText('the base salary at 165,000 and the signing bonus at 10,000');
  await expect(deal).toContainText(/you can end the call/i);
  await page.screenshot({ path: test.info().outputPath('persona-bargains.png'), fullPage: true });

  await page.getByRole('button', { name: 'End Call' }).click();

  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
  // the results say what the bargaining came to against what Greg's brief let him give
  const panel = page.getByRole('region', { name: 'The deal' });
  await expect(panel).toContainText('Agreed in the call.');
  const terms = panel.getByTestId('deal-term');
  const [baseRow, bonusRow] = [terms.nth(0), terms.nth(1)];
  await expect(baseRow).toContainText('Base salary');
  await expect(baseRow).toContainText('their offer 150,000 · agreed at 165,000');
  await expect(baseRow).toContainText(
    'You had met its condition (give evidence such as market data or a competing offer), so it could go to 170,000: 5,000 left on the table.',
  );
  await expect(bonusRow).toContainText('Signing bonus');
  await expect(bonusRow).toContainText(
    'It could go to 15,000 without any condition: 5,000 left on the table.',
  );
  await expect(panel).toContainText('It could also give: an extra equity grant (not asked for).');
  await expect(panel.getByTestId('deal-requests')).toContainText(
    'Asked for and left open: two remote days a week.',
  );
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('persona-bargains-results.png'), fullPage: true });
});

test('an interviewer asks the half of a two-part question an answer left out, then the other half, then moves on', async ({
  page,
}) => {
  const say = await typedCall(page, 'Two Part Candidate', /Naomi Clarke/);

  await say("Hi Naomi, yes, I'm ready.");
  const next = await say(
    'Last spring a designer and I disagreed about a checkout redesign. I suggested we test both versions for a week, and hers won by 4 percent.',
  );
  await expect(next).toContainText('What was your part in it and what did you learn?');
  // the failure told, not the user's part in it: that half asked, and the figure not praised
  const part = await say(
    'Our mobile app relaunch failed. It shipped two months late and ratings dropped to 2 stars.',
  );
  await expect(part).toContainText('what was your part in it?');
  await expect(part).not.toContainText(/nice work|impressive/i);
  // the part told, not what was learned: the other half, in other words
  const learned = await say(
    "I was the PM, and I didn't push back on the deadline when engineering warned me.",
  );
  await expect(learned).toContainText('what did you learn?');
  const moved = await say(
    'I learned to put risks in writing and to ask for a re-plan the moment an estimate slips.',
  );
  await expect(moved).toContainText('Tell me about a time you took ownership');
  await page.screenshot({ path: test.info().outputPath('persona-two-parts.png'), fullPage: true });

  await page.getByRole('button', { name: 'End Call' }).click();

  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
});
