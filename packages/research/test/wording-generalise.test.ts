import type { LeadingKind } from '@chorus/contracts';
import { checkWording } from '../src/wording';

const kindsOf = (text: string) => new Set(checkWording(text).findings.map((f) => f.kind));

/** A rewording a reader can use: one question, free of findings itself. */
function expectClean(text: string) {
  expect(text).toMatch(/^[A-Z].*\?$/);
  expect(text).not.toMatch(/\b(\w+)\s+\1\b/i);
  expect(checkWording(text).leading).toBe(false);
}

describe('leading wording in shapes the first rules did not know', () => {
  it.each<[LeadingKind, string]>([
    ['presupposition', 'How often do you struggle to find parking near our store?'],
    ['presupposition', 'How often do you have difficulty reaching our support team?'],
    ['presupposition', 'When did you first notice the difference in your skin?'],
    ['presupposition', 'What do you enjoy about your weekly delivery?'],
    ['presupposition', 'Which of our premium features do you use most?'],
    ['presupposition', 'How many times has your broadband cut out this month?'],
    ['presupposition', 'When did you last feel let down by your energy supplier?'],
    ['presupposition', 'What was the best part of your holiday with us?'],
    ['presupposition', "Aren't you tired of queuing at the post office?"],
    ['social-proof', 'Why is our coffee the talk of the town?'],
    ['social-proof', 'Our bakery is all the rage with locals. Would you visit?'],
    ['social-proof', 'Our app has gone viral this month. Would you download it?'],
    ['social-proof', 'Mechanics agree that synthetic oil lasts longer. Would you pay extra?'],
    ['social-proof', 'Teachers across the country use our maths app. Would you try it at home?'],
    ['presupposition', 'How often do you forget to take your medication?'],
    ['presupposition', 'When did our newsletter first inspire you to cook something new?'],
    ['social-proof', 'Most Londoners now pay by phone. How do you pay for your coffee?'],
    ['social-proof', 'Gartner named us a leader in CRM. Would you shortlist us?'],
    ['identity-appeal', 'Smart savers plan ahead. How much do you put aside each month?'],
    ['assumptive-why', 'Why is our coffee the talk of the town?'],
    ['assumptive-why', 'Why should you choose us over the competition?'],
    ['loaded-words', 'Would you try our breakthrough sleep tracker?'],
    [
      'praise-hypothetical',
      'Picture yourself relaxing on a private beach. Would you book this resort?',
    ],
    ['double-barrelled', 'Was the instructor knowledgeable and the course well organised?'],
    ['loaded-choice', 'Do you want a reliable car or a cheap one that breaks down?'],
  ])('%s: %s', (kind, text) => {
    expect(kindsOf(text)).toContain(kind);
    const check = checkWording(text);
    if (check.rewording === 'ready') expectClean(check.neutral);
    else expect(check.edits.length).toBeGreaterThan(0);
    if (check.reversedReady) {
      expect(check.reversed).toMatch(/\?$/);
      expect(checkWording(check.reversed).leading).toBe(false);
    }
  });

  it.each([
    'How often, if at all, do you struggle to find parking near our store?',
    'Have you noticed any difference in your skin?',
    'Which of our features, if any, do you use?',
    'What do you like most and least about flying?',
    'How often do you eat out?',
    'When did you last buy new shoes?',
    'Do you ever have trouble streaming at home?',
    'How easy or hard is it to get a GP appointment?',
    'Has your fuel spending changed since you got your current car?',
    'Imagine you had to cut one feature. Which would it be?',
    'Do you usually travel alone, with family or with friends?',
    'What do other people in your team use for notes?',
    'How often do you forget your password, if ever?',
    'When did you first use our app, if ever?',
    'How many Americans own a car?',
  ])('left alone: %s', (text) => {
    expect(checkWording(text).findings).toEqual([]);
  });
});

describe('rewordings keep what the pronoun stands for and drop the praise they keep', () => {
  it('"it" after a crowd statement is the thing the crowd loves, not the crowd; "too" goes', () => {
    const check = checkWording(
      'Most of our customers already love our planner. Would you try it too?',
    );
    expect(check.neutral).toBe('Would you try our planner?');
    expect(check.reversed).not.toMatch(/customers|too/);
    expect(check.reversed).toMatch(/our planner/);
  });

  it('"it" is never an offer named in the plural: the coaches are not what is tried', () => {
    const check = checkWording('Our coaches recommend the eight-week plan; would you try it?');
    expect(check.findings.map((finding) => finding.kind)).toContain('social-proof');
    expect(check.neutral ?? '').not.toMatch(/try our coaches/);
  });

  it('"them" after a crowd that signed up is what they signed up for', () => {
    const check = checkWording(
      'Most of your colleagues have already signed up for the wellbeing programme. Will you join them?',
    );
    expect(check.neutral).not.toMatch(/colleagues|them/);
    expect(check.neutral).toMatch(/programme/);
    expectClean(check.neutral);
  });

  it('"one" after a model person is the thing they keep, not a word for time', () => {
    const check = checkWording(
      'Thoughtful hosts always keep a quiz night in the diary. Will you book one with us?',
    );
    expect(check.neutral).toBe('Will you book a quiz night with us?');
  });

  it('"one of them" asks about people: it never becomes the thing they bought', () => {
    const check = checkWording('Thousands of riders choose our saddles. Are you one of them?');
    expect(check.neutral).not.toMatch(/one of (?:our|the) saddles/);
    expectClean(check.neutral);
  });

  it('a named product the crowd uses replaces "it"', () => {
    const check = checkWording(
      'Over 10,000 companies already use Flowdesk to run their projects. Would you try it for your team?',
    );
    expect(check.neutral).toBe('Would you try Flowdesk for your team?');
  });

  it('with no clear object the pronoun cannot stand alone: the edits say what to change', () => {
    const check = checkWording('Thousands of people already agree. Would you try it too?');
    expect(check.rewording).toBe('edit-yourself');
    expect(check.neutral).toBe('Thousands of people already agree. Would you try it too?');
    expect(check.edits.map((e) => e.change)).toContain('remove');
  });

  it('a question that asks people to claim a kind goes whole when another question follows', () => {
    const check = checkWording(
      'Do you see yourself as a keen cook? Would our knife course suit you?',
    );
    expect(check.rewording).toBe('ready');
    expect(check.neutral).toBe('Would our knife course suit you?');
  });

  it('a claim put up for agreement is asked both ways, without its praise', () => {
    const tag = checkWording("Fresh pasta makes a wonderful supper, don't you agree?");
    expect(tag.rewording).toBe('ready');
    expect(tag.neutral).toMatch(/^Do you agree or disagree that fresh pasta makes/);
    expect(tag.neutral).not.toContain('wonderful');
    const ideal = checkWording("A spa weekend is the ideal birthday present, isn't it?");
    expect(ideal.rewording).toBe('ready');
    expect(ideal.neutral).toMatch(/^Do you agree or disagree that a spa weekend/);
    expect(ideal.neutral).not.toContain('ideal');
  });

  it('a model person in the question, or a booking put as settled, is not cut into pieces', () => {
    for (const text of [
      'Would a caring owner leave a dog alone all day?',
      'Would a keen gardener like you settle for plastic pots?',
      'Would you like 20 or 40 balloons added to your party?',
      'Shall we fit your blinds on Tuesday or Friday?',
      'Shall we send your first box this week or next?',
    ]) {
      const check = checkWording(text);
      expect(check.rewording).toBe('edit-yourself');
      expect(check.neutral).toBe(text);
      expect(check.edits.length).toBeGreaterThan(0);
    }
  });

  it('a crowd statement does not become the topic of the fallback', () => {
    const check = checkWording(
      'Millions of households have switched to refillable cleaning products. Would you switch too?',
    );
    expect(check.neutral).not.toMatch(/millions|households/i);
    expect(check.neutral).toMatch(/cleaning products/);
  });

  it('the claim kept in an agreement question loses its praise', () => {
    const check = checkWording("Don't you agree that our new app makes budgeting effortless?");
    expect(check.neutral).not.toMatch(/effortless/);
    expect(check.neutral).toMatch(/our new app changes how you budget/);
    expectClean(check.neutral);
    expect(check.reversed).not.toMatch(/effortless/);
  });

  it('praise as what the offer does to a thing becomes how it affects it', () => {
    const check = checkWording('Do you think our service makes moving house stress-free?');
    expect(check.neutral).toBe('Do you think our service affects moving house?');
  });

  it('an either-or that describes one thing twice asks what matters in it', () => {
    expect(
      checkWording('Do you want a reliable car or a cheap one that breaks down?').neutral,
    ).toBe('What matters most to you when choosing a car?');
  });

  it('a second clause in a double-barrelled question goes whole', () => {
    const check = checkWording('Was the instructor knowledgeable and the course well organised?');
    expect(check.neutral).toBe('Was the instructor knowledgeable?');
  });
});

describe('answers offered that all lean one way', () => {
  it('is a loaded choice, and the rewording asks without the one-sided answers', () => {
    const listed = checkWording('How was your meal tonight: good, great or amazing?');
    expect(listed.findings.map((f) => f.kind)).toContain('loaded-choice');
    expect(listed.neutral).toBe('How was your meal tonight?');
    const inline = checkWording('Was the workshop enjoyable, very enjoyable or unforgettable?');
    expect(inline.findings.map((f) => f.kind)).toContain('loaded-choice');
    expect(inline.neutral).toBe('Was the workshop enjoyable or not?');
    expectClean(inline.neutral);
  });

  it('leaves a scale with both sides, or a middle, alone', () => {
    expect(checkWording('Was the workshop poor, fair, good or excellent?').leading).toBe(false);
    expect(
      checkWording('Is the new timetable better, worse, or is there no real difference?').leading,
    ).toBe(false);
  });

  it('keeps "an" before a vowel once a loaded word goes', () => {
    const check = checkWording('Would you book a stunning evening at our bistro this Friday?');
    expect(check.neutral).toMatch(/\ban evening\b/);
  });
});
