import { gate } from '../src/wording/reword/gates';
import { neutralCandidates } from '../src/wording/reword';
import {
  type LeadingKind,
  leadingKinds,
  type WordingCheck,
  wordingCheckSchema,
} from '@chorus/contracts';
import { checkWording, gateRewording } from '../src/wording';

const kindsOf = (text: string) => new Set(checkWording(text).findings.map((f) => f.kind));

/** The framings a check offers: only those that passed the gates. */
const offered = (check: WordingCheck) => [
  ...(check.leading && check.rewording === 'ready' ? [check.neutral] : []),
  ...(check.reversedReady ? [check.reversed] : []),
];

/** What a reader notices in a rewording: one question, no doubled words, nothing dangling. */
function expectReadable(text: string) {
  expect(text).toMatch(/\?$/);
  expect(text).toMatch(/^[A-Z]/);
  expect(text.match(/\?/g)?.length ?? 0).toBeLessThanOrEqual(2);
  expect(text).not.toMatch(/\b(\w+)\s+\1\b/i);
  expect(text).not.toMatch(/not worth it/i);
  expect(text).not.toMatch(/\s[,?]|,\s*[,?]|\ban\s+[bcdfgjklmnpqrstvwxz]/i);
  expect(text).not.toMatch(/\b(?:is|are|do|does|would|could|will|was|were|have|has)n['’]?t\b/i);
}

describe('checkWording finds each kind of leading wording, whatever the sentence shape', () => {
  const cases: Record<LeadingKind, string[]> = {
    'loaded-words': [
      'How likely are you to try our revolutionary budgeting app?',
      'Would you recommend our award-winning help desk to a colleague?',
      'How much time do you lose to clunky, outdated timesheets?',
      'Is our new blender amazing?',
      'Rate our truly exceptional concierge service from 1 to 5.',
    ],
    presupposition: [
      'How much time has our planner saved you this week?',
      'What do you enjoy most about shopping with us?',
      'When will you upgrade to the family plan?',
      'How frustrated are you with your current broadband?',
      'How long have you been struggling with late invoices?',
      'When did you realise you needed a better CRM?',
    ],
    'social-proof': [
      'Over 5,000 schools already use our reading app. Would you try it?',
      'Most dentists recommend our toothpaste; would you switch?',
      'Everyone is talking about our new trainers. Would you buy a pair?',
      'Like thousands of other freelancers, would you file your taxes with us?',
      'Our customers tell us the new checkout is a huge improvement. How do you find it?',
      // Crowds and authorities named in the ways people name them.
      'Four out of five vets recommend our dog food. Would you switch?',
      'Nine in ten guests come back to our hotel. Will you book again?',
      'Millions of people trust our app with their money. Would you?',
      'Top-performing sales teams use our CRM. Would your team?',
      'People like you love our weekend breaks. Would you book one?',
      'Our readers rave about this cookbook. Would you buy a copy?',
      'Employees at companies like yours already use our benefits platform. Would you?',
      'Most successful startups track their metrics weekly. How often do you track yours?',
      'Loved by over 50,000 runners, would you try our trainers?',
      'Voted best coffee in town three years running, would you stop by?',
      "It's the choice of professionals worldwide. Would you use our drill?",
      'Our top-rated course is filling fast. Would you like a place?',
      'As featured in The Times, would you try our new sleep app?',
    ],
    'agreement-framing': [
      "Don't you think our new menu is better?",
      "Isn't it time you switched energy supplier?",
      'Do you agree that paper maps are a thing of the past?',
      'Our delivery is quick, right?',
      "You'd say our prices are fair, wouldn't you?",
    ],
    'identity-appeal': [
      'As a parent who cares about safety, which of our car seats would you buy?',
      'If you really care about the planet, would you pay more for our refill pouches?',
      'Smart investors diversify. Would you add our bond fund?',
      'As someone who values their time, would you order our ready meals?',
      'Because you want the best for your family, would you choose our insurance?',
      'As a team player, would you cover the late shift this month?',
      "You're clearly someone who cares about the environment. Would you switch to our green tariff?",
    ],
    'assumptive-why': [
      'Why do you prefer our app to paper diaries?',
      'Why is our coffee so much better than the supermarket brand?',
      'Why would you recommend our gym to a friend?',
      'What makes our hotel the best place to stay in Lisbon?',
      'Why did our course make you more confident?',
      'What makes our service stand out for you?',
      'How come you always pick our brand?',
      'Why do you think our product is worth the price?',
      'Why is our bank the best choice for your savings?',
      'What do you like best about working here?',
      'What is it that makes our support team so helpful?',
      'Why did you decide our plan was the smartest option?',
      'Why would your staff struggle without our rota app?',
    ],
    'loaded-choice': [
      'Would you rather keep wrestling with clunky spreadsheets or switch to our streamlined dashboard?',
      'Do you prefer our fresh meals or greasy takeaway?',
      'Our direct flights or tiring multi-stop journeys: which would you choose?',
      'Would you pick our sturdy steel pan over a flimsy non-stick one?',
    ],
    'double-barrelled': [
      'Is our website fast and easy to use?',
      'Would you buy and recommend our headphones?',
      'How satisfied are you with the price and quality of our coffee?',
      'How often do you travel and how much do you spend on hotels?',
      'Was the room clean and the staff friendly?',
    ],
    'praise-hypothetical': [
      'If you could have our award-winning coffee every morning, how many cups would you drink?',
      'Imagine a gorgeous, clutter-free home with our storage boxes. Would you buy them?',
      'What if your team had our world-class support around the clock?',
      'Suppose you owned our stunning new e-bike. How often would you ride it?',
    ],
  };

  it.each(leadingKinds.flatMap((kind) => cases[kind].map((text) => [kind, text] as const)))(
    '%s: %s',
    (kind, text) => {
      const check = checkWording(text);
      expect(check.leading).toBe(true);
      expect(kindsOf(text)).toContain(kind);
      const finding = check.findings.find((f) => f.kind === kind)!;
      // The words are quoted as written, and the reason says them.
      expect(text.replace(/[’]/g, "'")).toContain(finding.phrase);
      expect(finding.why).toContain(finding.phrase);
      expect(wordingCheckSchema.parse(check)).toEqual(check);
    },
  );
});

describe('questions that assume nothing stay unflagged', () => {
  it.each([
    'How much would you expect to pay per serving for a meal kit?',
    'How satisfied are you with your current bank?',
    'How satisfied or dissatisfied are you with our delivery times?',
    'How often do you eat out in a typical month?',
    'How do you currently plan meals?',
    'Why did you cancel, if you did?',
    'Why did you choose your current phone plan?',
    'What would make this the best choice for you, if anything?',
    'What would you love to see in a travel app?',
    'What do you love to cook at the weekend?',
    'Do you prefer to shop online or in store?',
    'To what extent do you agree or disagree that your current tools meet your needs?',
    'As a teacher, how do you plan your lessons?',
    'How many people in your household use a streaming service?',
    'Do most of your colleagues work from home?',
    'If you could change one thing about your commute, what would it be?',
    'Would you pay $12 per serving for three dinners a week?',
    'Does your team use Slack and Jira together?',
    'What did you like and dislike about your last hotel?',
    'How easy or difficult was it to sign up?',
    'What is the best time to call you?',
    'Which features of your accounting software do you use most?',
    // Other people mentioned, not appealed to; "why" and "most" that assume nothing.
    'Roughly how many people in your town use the library?',
    'How many of your 50 employees work part-time?',
    'Two in three of your purchases are online, you said. Which ones are in store?',
    'Is this app used by your children?',
    'Which software is used by your team?',
    'What is the top-rated feature for you?',
    'How many of the parents at your school drive their children in?',
    'Do the majority of your sales come from repeat customers?',
    'Why do you shop at more than one supermarket?',
    'Why do you use the app at night rather than in the day?',
    'What do you enjoy most in your free time?',
    'Why do you think prices have gone up?',
    'What makes you decide to renew a subscription or not?',
    'What do you think of our benefits platform?',
    // A habit with the business is presumed unless screened (the brief of batch 22 on).
    'Which parts of our issue tracker, if any, do you use?',
  ])('%s', (text) => {
    const check = checkWording(text);
    expect(check.findings).toEqual([]);
    expect(check.leading).toBe(false);
    expect(check.neutral).toBe(text);
  });
});

describe('the rewordings', () => {
  it.each([
    'Wouldn’t you find switching to our award-winning CRM a relief?',
    "Don't you think our banking app makes saving easier?",
    'Our onboarding is easy to follow, isn’t it?',
    'Over 12,000 companies already use our invoicing tool. Would you consider it for your team?',
    'As a parent who cares about safety, how much would you spend on a car seat?',
    'Why do you prefer our meal kits over cooking from scratch?',
    'How much time has our scheduling tool saved your team this month?',
    'Would you rather keep wrestling with clunky spreadsheets or switch to our streamlined dashboard?',
    'Would you use and recommend our project management tool?',
    'If you could relax in our stunning beachfront villas, how much would you pay per night?',
    'Is our new running app amazing?',
    'Please rate how reliable and affordable our hosting is.',
  ])('of "%s" are readable questions that pass the check themselves, or edits to make', (text) => {
    const check = checkWording(text);
    expect(check.leading).toBe(true);
    for (const rewording of offered(check)) {
      expectReadable(rewording);
      expect(checkWording(rewording).findings).toEqual([]);
    }
    if (check.rewording === 'edit-yourself') {
      expect(check.neutral).toBe(text);
      expect(check.edits.length).toBeGreaterThan(0);
      expect(check.reversedReady).toBe(false);
    } else expect(check.edits).toEqual([]);
    if (check.reversedReady) expect(check.neutral).not.toBe(check.reversed);
  });

  it('ask plainly when every answer offered is praise, keeping the verb of the verdict', () => {
    expect(
      checkWording('Would you describe our bakery as a treasure or a must-visit?').neutral,
    ).toBe('How would you describe our bakery?');
    expect(checkWording('Would you call our tour a gem or a must-see?').neutral).toBe(
      'What would you call our tour?',
    );
    expect(checkWording('Is our courier service a blessing or just a great help?').neutral).toBe(
      'How would you rate our courier service?',
    );
  });

  it('ask the taking up of an offer as a condition, not as settled', () => {
    expect(
      checkWording('When you join our swim club next month, which lane would you like?').neutral,
    ).toBe('If you join our swim club next month, which lane would you like?');
  });

  it('ask a past taking up put after the question as a condition, first, with no second hedge', () => {
    const check = checkWording('Which size did you choose when you signed up?');
    expect(check.rewording).toBe('ready');
    expect(check.neutral).toBe('If you signed up, which size did you choose?');
    expect(checkWording('How did you find the layout of our café when you came in?').neutral).toBe(
      'If you came in, how did you find the layout of our café?',
    );
  });

  it('ask a claim put by a tag both ways, keeping the claim', () => {
    expect(checkWording("A good van should be clean, don't you think?").neutral).toBe(
      'Do you agree or disagree that a good van should be clean?',
    );
  });

  it('drop praise the tagger reads as a noun and keep the offer named', () => {
    const check = checkWording('Would you like to try our thrilling climbing sessions?');
    expect(check.rewording).toBe('ready');
    expect(check.neutral).toBe('Would you like to try our climbing sessions?');
  });

  it('offer the answer a list of good things "or both" leaves out', () => {
    const check = checkWording('Did you enjoy our teas, our cakes, or both?');
    expect(check.findings.map((f) => f.kind)).toContain('loaded-choice');
    expect(check.neutral).toBe('Did you enjoy our teas, our cakes, both or neither?');
  });

  it('offer nothing as well when every count offered is a sale, and never drop a count', () => {
    const check = checkWording('How many extra nights would you add: one, two or three?');
    expect(check.findings.map((f) => f.kind)).toContain('loaded-choice');
    expect(check.rewording).toBe('ready');
    expect(check.neutral).toBe('How many extra nights would you add: none, one, two or three?');
    for (const candidate of neutralCandidates(
      'How many extra nights would you add: one, two or three?',
    ))
      expect(candidate).not.toMatch(/\bone, two\?$/);
    // A longer ask too: the list that starts at nothing offers every answer, so the
    // wording model does not flag it for the words of buying around it.
    const stay = checkWording(
      'How many extra nights would you book for your trip: one, two or three?',
    );
    expect(stay.rewording).toBe('ready');
    expect(stay.neutral).toBe(
      'How many extra nights would you book for your trip: none, one, two or three?',
    );
    expect(checkWording(stay.neutral).findings).toEqual([]);
    // Asked the other way round, the counts run down to nothing.
    expect(stay.reversed).toBe(
      'How many extra nights would you book for your trip: three, two, one or none?',
    );
  });

  it('ask the person what a kind of people was said to do, instead of asking whether they are one', () => {
    const check = checkWording('Smart cooks keep their knives sharp — are you one of them?');
    expect(check.findings.map((f) => f.kind)).toContain('identity-appeal');
    expect(check.neutral).toBe('Do you keep your knives sharp?');
  });

  it('never offer a statement with a question mark, nor a "yours" whose thing was dropped', () => {
    const gardeners =
      'Serious gardeners keep their shears sharp. Would you like us to sharpen yours?';
    expect(checkWording(gardeners).rewording).toBe('edit-yourself');
    expect(gate(gardeners, 'Would you like us to sharpen yours?').map((f) => f.gate)).toContain(
      'dropped-referent',
    );
    expect(
      gate(
        'Real bakers always proof overnight — are you one of them?',
        'Bakers always proof overnight?',
      ).map((f) => f.gate),
    ).toContain('shape');
  });

  it('hedge a question once, however many findings ask for a hedge', () => {
    const check = checkWording('Why did our pottery course calm your nerves so quickly?');
    expect(check.findings.map((f) => f.kind)).toEqual(
      expect.arrayContaining(['assumptive-why', 'presupposition']),
    );
    expect(check.neutral.match(/, if it did/g) ?? []).toHaveLength(
      check.rewording === 'ready' ? 1 : 0,
    );
    expect(
      gateRewording(
        'Why did our pottery course calm your nerves so quickly?',
        'Why did our pottery course calm your nerves so quickly, if it did, if it did?',
      ).map((f) => f.gate),
    ).toContain('repeated-phrase');
  });

  it('keep the ask: the neutral wording drops the praise and keeps the product', () => {
    expect(checkWording('Would you recommend our award-winning CRM to a colleague?').neutral).toBe(
      'Would you recommend our CRM to a colleague?',
    );
    expect(
      checkWording('As a parent who cares about safety, how much would you spend on a car seat?')
        .neutral,
    ).toBe('How much would you spend on a car seat?');
    expect(
      checkWording('Do you agree that booking everything in one app is simpler?').neutral,
    ).toBe('Do you agree or disagree that booking everything in one app is simpler?');
    // A claim after "Surely" is asked both ways, not left as a statement with a question mark.
    expect(checkWording('Surely a local garage beats a dealership for a service?').neutral).toBe(
      'Do you think a local garage beats a dealership for a service, or not?',
    );
  });

  it('screen an occasion taken for granted in words that fit it', () => {
    expect(checkWording('How was your pottery class with us last Saturday?').neutral).toBe(
      'How was your pottery class with us last Saturday, if you had one?',
    );
    expect(checkWording('How were your lessons with us this term?').neutral).toBe(
      'How were your lessons with us this term, if you had any?',
    );
  });

  it('frame the ask the other way round without a negative question', () => {
    expect(checkWording('How likely are you to try our revolutionary meal kit?').reversed).toBe(
      'How unlikely are you to try our meal kit?',
    );
    expect(checkWording('Would you switch to our award-winning bank?').reversed).toBe(
      'Would you decide against switching to our bank?',
    );
    const unflagged = checkWording('How satisfied are you with our delivery?');
    expect(unflagged.reversed).toBe('How dissatisfied are you with our delivery?');
  });

  it('never frame a list of answers as a deed to decide against or avoid', () => {
    for (const text of [
      'Would you order none, two, four or eight loaves a week?',
      'Do you keep bees, hens or both?',
      'Would you pick a van, a bike or a car for the move?',
    ]) {
      const check = checkWording(text);
      expect(check.reversed).not.toMatch(/decide against|avoid|rather not/);
      if (!check.reversedReady) expect(check.reversed).toBe(text);
    }
    // A list is turned round instead, every answer kept.
    expect(
      checkWording('Thinking of the fee for a lesson, would you call it steep, fair or cheap?')
        .reversed,
    ).toBe('Thinking of the fee for a lesson, would you call it steep, cheap or fair?');
    expect(checkWording('Which flavour do you like most: lemon, ginger or mint?').reversed).toBe(
      'Which flavour do you like most: mint, ginger or lemon?',
    );
    // A scale of one-word answers turned round whole; an answer that catches the rest stays last.
    expect(
      checkWording('How would you rate our range of teas: poor, fair, good or excellent?').reversed,
    ).toBe('How would you rate our range of teas: excellent, good, fair or poor?');
    expect(
      checkWording(
        'Which board game would you play first: chess, draughts, backgammon or something else?',
      ).reversed,
    ).toBe('Which board game would you play first: backgammon, draughts, chess or something else?');
    // A liking asked by when has no opposite.
    expect(
      checkWording('When would you like your boiler check: May, June or July?').reversed,
    ).not.toMatch(/dislike/);
  });
});

describe('bad input gets a sensible answer, quickly', () => {
  it.each([
    ['one word', 'Price'],
    ['emoji only', '🙂🙂🙂'],
    ['another language', '¿No crees que nuestra aplicación es la mejor del mercado?'],
    ['markup', '<b>Would you</b> buy <script>alert(1)</script> our kettle?'],
    ['empty', '   '],
    ['only punctuation', '???!!!'],
  ])('%s', (_label, text) => {
    const check = checkWording(text);
    expect(wordingCheckSchema.parse(check)).toEqual(check);
    for (const framing of offered(check)) {
      expect(framing).toMatch(/\?$/);
      expect(checkWording(framing).findings).toEqual([]);
    }
  });

  it('markup is read as the words it shows', () => {
    const check = checkWording('<p>Isn&#39;t our <b>amazing</b> app great?</p>');
    expect(check.leading).toBe(true);
    expect(check.neutral).not.toMatch(/[<>]/);
  });

  it('10,000 characters: an answer within the contract limits, fast', () => {
    const text = 'Would you recommend our award-winning planner to a friend? '.repeat(170);
    expect(text.length).toBeGreaterThan(10_000);
    const started = performance.now();
    const check = checkWording(text);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(wordingCheckSchema.parse(check)).toEqual(check);
    expect(check.leading).toBe(true);
    expect(checkWording('x'.repeat(10_000)).neutral.length).toBeLessThanOrEqual(1_000);
  });

  it('a typical question takes a few milliseconds once the model is loaded', () => {
    checkWording('Warm up?');
    const started = performance.now();
    for (let i = 0; i < 50; i += 1) checkWording(`How often do you order takeaway, question ${i}?`);
    expect((performance.now() - started) / 50).toBeLessThan(20);
  });
});
