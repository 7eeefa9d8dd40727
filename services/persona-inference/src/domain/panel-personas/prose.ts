// A panel persona's prose composed from its facts: household, work, leisure,
// motivations and personality, each sentence drawn with the persona's generator.
import type { PersonaFacts } from '@chorus/research';
import { type Random, pick } from './random';
import type { Standing } from './standing';

interface Voice {
  she: string;
  her: string;
  partner: readonly string[];
}

export const voices: Record<PersonaFacts['sex'], Voice> = {
  female: { she: 'she', her: 'her', partner: ['her husband', 'her partner'] },
  male: { she: 'he', her: 'his', partner: ['his wife', 'his partner'] },
};

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/**
 * Who the member lives with, in words `householdOf` of `@chorus/research`
 * reads as the same household (so results cut by household agree with the
 * frame): children at home are "children", "kids", "son", "daughter" or
 * "teenagers"; no such word for anyone else.
 */
export function householdSentence(standing: Standing, voice: Voice, random: Random): string {
  const { facts } = standing;
  switch (facts.household) {
    case 'alone':
      return pick(random, [
        'Lives alone',
        'Lives on ' + voice.her + ' own',
        facts.age >= 60 ? 'Widowed, lives alone' : 'Single, lives alone',
      ]);
    case 'couple':
      return `Lives with ${pick(random, voice.partner)}${facts.age >= 55 ? pick(random, [' of many years', '']) : ''}`;
    case 'children':
      return facts.age >= 55
        ? pick(random, [
            `Lives with ${pick(random, voice.partner)} and their teenage ${pick(random, ['son', 'daughter'])}`,
            `Raising two grandchildren, both teenagers, with ${pick(random, voice.partner)}`,
          ])
        : pick(random, [
            `Lives with ${pick(random, voice.partner)} and their ${pick(random, ['two children', 'three children', 'young son', 'young daughter', 'two teenagers'])}`,
            `Raising ${pick(random, ['two kids', 'a young son', 'a daughter', 'three children'])} ${random() < 0.3 ? `as a single ${voice.she === 'she' ? 'mum' : 'dad'}` : `with ${pick(random, voice.partner)}`}`,
          ]);
    default:
      if (facts.age < 30) {
        return pick(random, [
          `Lives with ${voice.her} parents`,
          'Shares a flat with two housemates',
          'Lives in a shared house with friends',
        ]);
      }
      return facts.age >= 60
        ? pick(random, [
            'Lives in a family home of three generations',
            'Lives with relatives under one roof',
            `Shares a home with ${voice.her} ${pick(random, ['sister', 'brother'])}`,
          ])
        : pick(random, [
            `Lives with ${voice.her} extended family`,
            `Shares a home with ${voice.her} ${pick(random, ['sister', 'brother', 'elderly mother', 'adult cousin'])}`,
            'Shares a house with other adults',
          ]);
  }
}

/** What the member does all day, from the occupation group and title. */
export function workSentence(standing: Standing, voice: Voice, random: Random): string {
  const { facts } = standing;
  const job = facts.occupation;
  switch (facts.occupationGroup) {
    case 'student':
      return pick(random, [
        'Studies full time and works a few shifts a week to get by',
        'Is at college and does part-time work in the holidays',
        'Studies and spends most evenings with friends',
      ]);
    case 'retired':
      return /^retired/i.test(facts.occupation)
        ? `${capitalised(facts.occupation)}; now ${pick(random, ['keeps busy in the garden', 'helps out with the grandchildren', 'walks every morning', 'volunteers at a local charity', 'reads and watches the news'])}`
        : `Retired; ${pick(random, ['keeps busy in the garden', 'helps out with the grandchildren', 'walks every morning', 'volunteers at a local charity'])}`;
    case 'homemaker':
      return pick(random, [
        'Runs the home and looks after the family',
        'Looks after the home and does most of the family shopping',
      ]);
    case 'unemployed':
      return pick(random, [
        'Is looking for work at the moment and watching every expense',
        'Between jobs and applying for work',
      ]);
    case 'manual':
      return `Works as ${article(job)} ${job}; ${pick(random, ['the days start early and are physical', 'the hours are long and the work is physical', 'the shifts leave little energy by the weekend'])}`;
    case 'service':
      return /assistant|worker|waiter|cleaner|porter|guard|chef|hairdresser|receptionist|clerk/i.test(
        job,
      )
        ? `Works as ${article(job)} ${job}${pick(random, [', often on shifts', ' and is on ' + voice.her + ' feet all day', ', dealing with customers every day'])}`
        : `Works as ${article(job)} ${job}${pick(random, [', dealing with clients every day', ', with a busy week of calls and meetings', ', partly from home'])}`;
    case 'managerial':
      return `Works as ${article(job)} ${job}, ${pick(random, ['responsible for a team', 'with long hours and a busy diary', 'leading a small team'])}`;
    default:
      return `Works as ${article(job)} ${job}${pick(random, ['', ', mostly at a desk', ', partly from home'])}`;
  }
}

/** Leisure by age and how well off: some of it says what the local engine reads as a trait. */
export function leisure(standing: Standing, random: Random): string {
  const { facts, income } = standing;
  const young = facts.age < 35;
  const old = facts.age >= 60;
  const options = [
    ...(young
      ? [
          'games online with friends',
          'goes to the gym after work',
          'follows tech news and new gadgets',
        ]
      : []),
    ...(old
      ? ['goes to church on Sundays', 'sings in a local choir', 'grows vegetables on an allotment']
      : []),
    ...(income === 'high'
      ? ['travels abroad twice a year', 'eats out at good restaurants', 'plays golf at weekends']
      : []),
    ...(income === 'low'
      ? ['looks for deals at discount supermarkets', 'stays in most evenings to save money']
      : []),
    'watches football at the weekend',
    'cooks for friends',
    'goes walking in the countryside',
    'reads crime novels',
    'volunteers for a community group',
    'runs three times a week',
    'does yoga',
    'watches a lot of TV series',
  ];
  return pick(random, options);
}

/** What the member wants: one sentence for the stage of life, one for money. */
export function motivationsOf(standing: Standing, voice: Voice, random: Random): string {
  const { facts, income } = standing;
  const stage =
    facts.occupationGroup === 'student'
      ? pick(random, [
          'Finishing studies and finding a good first job.',
          'Getting qualified and standing on ' + voice.her + ' own feet.',
        ])
      : facts.occupationGroup === 'retired'
        ? pick(random, [
            'Staying healthy and independent in retirement.',
            'Time with the grandchildren and a retirement without money worries.',
          ])
        : facts.occupationGroup === 'unemployed'
          ? 'Finding steady work again.'
          : facts.household === 'children'
            ? pick(random, [
                'Giving the children a good start in life.',
                'Looking after the family comes first.',
              ])
            : facts.occupationGroup === 'managerial' || facts.occupationGroup === 'professional'
              ? pick(random, [
                  facts.age >= 55
                    ? 'Finishing ' + voice.her + ' working life well and retiring comfortably.'
                    : 'Moving on in ' + voice.her + ' career.',
                  'Doing work that matters and being good at it.',
                ])
              : pick(random, [
                  'A steady job and a settled life at home.',
                  'Time with friends and family.',
                ]);
  const money = {
    low: [
      'Keeping the bills paid and making the money last to the end of the month.',
      'Getting value for money and keeping spending tight.',
      'Putting a little aside for emergencies.',
    ],
    middle: [
      'Saving for a holiday and keeping the household budget on track.',
      'A comfortable, predictable month without surprises.',
      'Paying off what is owed and building some savings.',
    ],
    high: [
      'Building savings and investments for later.',
      'Buying quality things that last.',
      'More time for what matters; money is less of a worry than time.',
    ],
  }[income];
  return `${stage} ${pick(random, money)}`;
}

/** How the member comes across: a temperament and a habit, leaning by age, schooling and income. */
export function personalityOf(standing: Standing, random: Random): string {
  const { facts, income, schooling } = standing;
  const temperament = pick(random, [
    'Warm and practical',
    'Easy-going and sociable',
    'Organised and reliable',
    'Quiet and thoughtful',
    'Outgoing and talkative',
    'Independent and direct',
    'Down to earth and patient',
    'Ambitious and energetic',
    'Curious and open-minded',
    'Cautious and loyal',
  ]);
  const habits = [
    'likes things simple',
    'prefers quality over quantity',
    'values privacy',
    ...(facts.age >= 60
      ? ['relies on family for technology', 'decides slowly and dislikes surprises']
      : []),
    ...(facts.age < 40 ? ['is quick to try new apps', 'buys on impulse now and then'] : []),
    ...(schooling === 'tertiary'
      ? ['reads reviews and does research before buying', 'wants evidence before believing a claim']
      : []),
    ...(income === 'low'
      ? ['compares prices before buying anything', 'is careful with money']
      : []),
    ...(income === 'high' ? ['does not mind paying for premium brands'] : []),
  ];
  return `${temperament}; ${pick(random, habits)}.`;
}
