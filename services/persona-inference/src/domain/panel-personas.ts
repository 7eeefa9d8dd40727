import type { PersonaProfile, SafetyScores } from '@chorus/proto/inference/v1/inference';
import {
  type PanelMember,
  personaFacts,
  type PersonaFacts,
  type PopulationFrame,
} from '@chorus/research';

/**
 * A market panel's personas without a model. The facts of a member (age,
 * sex, income, region, household, education, occupation) come from
 * `personaFacts` of `@chorus/research`; here they become a persona: a name
 * fitting the country and sex, a lifestyle, motivations and a personality
 * of a sentence or two composed from those facts, safety scores that fit
 * them, and the member's level of every frame trait by label, so results can
 * be cut by the frame's traits. Every choice is drawn from a generator
 * seeded by the panel's seed and the member's index: the same panel is
 * always the same people, and five thousand of them are not alike.
 */

/** MurmurHash3's finaliser: every bit of the input moves about half the bits of the output. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A small seeded generator (mulberry32) of one member and purpose (`salt`):
 * the same seed, index and salt give the same draws; neighbouring indexes
 * give unrelated ones.
 */
function generator(seed: number, index: number, salt: number): () => number {
  let state = mix(mix(mix(seed) ^ salt) ^ mix(index + 0x9e3779b9));
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;

/** First names by sex and last names, per country (ISO 3166-1 alpha-2). */
interface NameList {
  female: readonly string[];
  male: readonly string[];
  last: readonly string[];
}

const names: Record<'US' | 'GB' | 'DE' | 'IN', NameList> = {
  US: {
    female: [
      'Mary',
      'Jennifer',
      'Linda',
      'Patricia',
      'Elizabeth',
      'Susan',
      'Jessica',
      'Sarah',
      'Karen',
      'Lisa',
      'Nancy',
      'Betty',
      'Sandra',
      'Ashley',
      'Emily',
      'Michelle',
      'Amanda',
      'Melissa',
      'Stephanie',
      'Rebecca',
      'Laura',
      'Sharon',
      'Cynthia',
      'Kathleen',
      'Angela',
      'Brenda',
      'Amy',
      'Anna',
      'Nicole',
      'Samantha',
      'Maria',
      'Rachel',
      'Heather',
      'Olivia',
      'Emma',
      'Sophia',
      'Madison',
      'Keisha',
      'Gabriela',
      'Mei',
    ],
    male: [
      'James',
      'Robert',
      'John',
      'Michael',
      'David',
      'William',
      'Richard',
      'Joseph',
      'Thomas',
      'Christopher',
      'Charles',
      'Daniel',
      'Matthew',
      'Anthony',
      'Mark',
      'Donald',
      'Steven',
      'Andrew',
      'Paul',
      'Joshua',
      'Kenneth',
      'Kevin',
      'Brian',
      'George',
      'Timothy',
      'Ronald',
      'Jason',
      'Edward',
      'Jeffrey',
      'Ryan',
      'Jacob',
      'Gary',
      'Nicholas',
      'Eric',
      'Jonathan',
      'Tyler',
      'Marcus',
      'Carlos',
      'Jose',
      'Darnell',
    ],
    last: [
      'Smith',
      'Johnson',
      'Williams',
      'Brown',
      'Jones',
      'Garcia',
      'Miller',
      'Davis',
      'Rodriguez',
      'Martinez',
      'Hernandez',
      'Lopez',
      'Gonzalez',
      'Wilson',
      'Anderson',
      'Thomas',
      'Taylor',
      'Moore',
      'Jackson',
      'Martin',
      'Lee',
      'Perez',
      'Thompson',
      'White',
      'Harris',
      'Sanchez',
      'Clark',
      'Ramirez',
      'Lewis',
      'Robinson',
      'Walker',
      'Young',
      'Allen',
      'King',
      'Wright',
      'Scott',
      'Torres',
      'Nguyen',
      'Hill',
      'Flores',
      'Green',
      'Adams',
      'Nelson',
      'Baker',
      'Rivera',
      'Campbell',
      'Mitchell',
      'Carter',
      'Kim',
      'Patel',
    ],
  },
  GB: {
    female: [
      'Olivia',
      'Amelia',
      'Isla',
      'Ava',
      'Emily',
      'Sophie',
      'Grace',
      'Lily',
      'Jessica',
      'Chloe',
      'Ella',
      'Charlotte',
      'Hannah',
      'Lucy',
      'Sarah',
      'Emma',
      'Rebecca',
      'Laura',
      'Claire',
      'Rachel',
      'Helen',
      'Joanne',
      'Nicola',
      'Karen',
      'Susan',
      'Julie',
      'Alison',
      'Gillian',
      'Margaret',
      'Patricia',
      'Jean',
      'Kathleen',
      'Fiona',
      'Catherine',
      'Victoria',
      'Zoe',
      'Megan',
      'Aisha',
      'Priya',
      'Siobhan',
    ],
    male: [
      'Oliver',
      'George',
      'Harry',
      'Jack',
      'Jacob',
      'Noah',
      'Charlie',
      'Thomas',
      'Oscar',
      'William',
      'James',
      'Daniel',
      'Matthew',
      'Samuel',
      'Joseph',
      'Benjamin',
      'Luke',
      'Adam',
      'Ryan',
      'Liam',
      'David',
      'Paul',
      'Mark',
      'Andrew',
      'Richard',
      'Stephen',
      'Christopher',
      'Peter',
      'Michael',
      'Robert',
      'John',
      'Ian',
      'Gary',
      'Neil',
      'Graham',
      'Alan',
      'Callum',
      'Rhys',
      'Mohammed',
      'Ewan',
    ],
    last: [
      'Smith',
      'Jones',
      'Williams',
      'Taylor',
      'Brown',
      'Davies',
      'Evans',
      'Wilson',
      'Thomas',
      'Johnson',
      'Roberts',
      'Robinson',
      'Thompson',
      'Wright',
      'Walker',
      'White',
      'Edwards',
      'Hughes',
      'Green',
      'Hall',
      'Lewis',
      'Harris',
      'Clarke',
      'Patel',
      'Jackson',
      'Wood',
      'Turner',
      'Martin',
      'Cooper',
      'Hill',
      'Ward',
      'Morris',
      'Moore',
      'Clark',
      'Lee',
      'King',
      'Baker',
      'Harrison',
      'Morgan',
      'Allen',
      'Campbell',
      'MacDonald',
      'Murphy',
      'Khan',
      "O'Neill",
    ],
  },
  DE: {
    female: [
      'Anna',
      'Maria',
      'Ursula',
      'Monika',
      'Petra',
      'Sabine',
      'Elke',
      'Renate',
      'Andrea',
      'Claudia',
      'Susanne',
      'Birgit',
      'Karin',
      'Gabriele',
      'Stefanie',
      'Julia',
      'Katharina',
      'Christina',
      'Nicole',
      'Sandra',
      'Melanie',
      'Laura',
      'Lea',
      'Lena',
      'Hannah',
      'Sophie',
      'Marie',
      'Emma',
      'Mia',
      'Lina',
      'Johanna',
      'Franziska',
      'Jana',
      'Nina',
      'Ingrid',
      'Heike',
      'Anja',
      'Kerstin',
      'Tanja',
      'Elif',
    ],
    male: [
      'Thomas',
      'Michael',
      'Andreas',
      'Stefan',
      'Peter',
      'Klaus',
      'Wolfgang',
      'Jürgen',
      'Frank',
      'Uwe',
      'Bernd',
      'Markus',
      'Christian',
      'Martin',
      'Matthias',
      'Alexander',
      'Daniel',
      'Sebastian',
      'Tobias',
      'Florian',
      'Jan',
      'Tim',
      'Lukas',
      'Leon',
      'Felix',
      'Jonas',
      'Paul',
      'Maximilian',
      'Niklas',
      'Philipp',
      'Dieter',
      'Manfred',
      'Hans',
      'Horst',
      'Ralf',
      'Jens',
      'Sven',
      'Dirk',
      'Mehmet',
      'Fabian',
    ],
    last: [
      'Müller',
      'Schmidt',
      'Schneider',
      'Fischer',
      'Weber',
      'Meyer',
      'Wagner',
      'Becker',
      'Schulz',
      'Hoffmann',
      'Schäfer',
      'Koch',
      'Bauer',
      'Richter',
      'Klein',
      'Wolf',
      'Schröder',
      'Neumann',
      'Schwarz',
      'Zimmermann',
      'Braun',
      'Krüger',
      'Hofmann',
      'Hartmann',
      'Lange',
      'Schmitt',
      'Werner',
      'Schmitz',
      'Krause',
      'Meier',
      'Lehmann',
      'Schmid',
      'Schulze',
      'Maier',
      'Köhler',
      'Herrmann',
      'König',
      'Walter',
      'Mayer',
      'Huber',
      'Kaiser',
      'Fuchs',
      'Peters',
      'Lang',
      'Yılmaz',
    ],
  },
  IN: {
    female: [
      'Priya',
      'Ananya',
      'Aishwarya',
      'Divya',
      'Pooja',
      'Neha',
      'Kavya',
      'Sneha',
      'Lakshmi',
      'Meera',
      'Sunita',
      'Anjali',
      'Deepika',
      'Shreya',
      'Riya',
      'Nisha',
      'Rekha',
      'Kavita',
      'Geeta',
      'Sushma',
      'Radha',
      'Swati',
      'Asha',
      'Aarti',
      'Fatima',
      'Simran',
      'Harpreet',
      'Manpreet',
      'Ayesha',
      'Lata',
      'Usha',
      'Padma',
      'Jyoti',
      'Pallavi',
      'Shalini',
      'Bhavna',
      'Tanvi',
      'Isha',
      'Sarita',
      'Nandini',
    ],
    male: [
      'Rahul',
      'Amit',
      'Rajesh',
      'Suresh',
      'Vijay',
      'Arjun',
      'Rohan',
      'Aditya',
      'Vikram',
      'Sanjay',
      'Anil',
      'Sunil',
      'Ravi',
      'Manoj',
      'Deepak',
      'Arun',
      'Karthik',
      'Prakash',
      'Ramesh',
      'Mahesh',
      'Nikhil',
      'Siddharth',
      'Abhishek',
      'Varun',
      'Imran',
      'Mohammed',
      'Gurpreet',
      'Rakesh',
      'Ajay',
      'Ashok',
      'Krishna',
      'Venkatesh',
      'Sachin',
      'Gaurav',
      'Pranav',
      'Yash',
      'Aakash',
      'Farhan',
      'Naveen',
      'Harish',
    ],
    last: [
      'Sharma',
      'Verma',
      'Gupta',
      'Singh',
      'Kumar',
      'Patel',
      'Shah',
      'Reddy',
      'Rao',
      'Nair',
      'Iyer',
      'Menon',
      'Pillai',
      'Das',
      'Banerjee',
      'Chatterjee',
      'Mukherjee',
      'Bose',
      'Sen',
      'Ghosh',
      'Joshi',
      'Kulkarni',
      'Deshpande',
      'Patil',
      'Jain',
      'Agarwal',
      'Mehta',
      'Chopra',
      'Kapoor',
      'Malhotra',
      'Khan',
      'Ahmed',
      'Hussain',
      'Sheikh',
      'Yadav',
      'Mishra',
      'Pandey',
      'Tiwari',
      'Naidu',
      'Gill',
      'Sandhu',
      'Desai',
      'Bhat',
      'Thakur',
    ],
  },
};

/** The name lists of a country; a country without lists of its own gets the US lists. */
export function namesOf(country: string): NameList {
  const code = country.toUpperCase();
  return code in names ? names[code as keyof typeof names] : names.US;
}

/** A name fitting the country and sex: the same seed and index always give the same name. */
export function panelName(
  country: string,
  sex: PersonaFacts['sex'],
  seed: number,
  index: number,
): string {
  const list = namesOf(country);
  const random = generator(seed, index, 0x4e414d45);
  return `${pick(random, list[sex])} ${pick(random, list.last)}`;
}

/** Where a member's income stands in the frame's population: its band's middle among all bands' shares. */
export type IncomeStanding = 'low' | 'middle' | 'high';

/** Level labels by id per trait, and where each income band stands, worked out once per frame. */
interface FrameLookup {
  traits: { id: string; label: string; levels: Map<string, string> }[];
  incomeStanding: Map<string, IncomeStanding>;
  /** Education level ids from the least schooling to the most, by position in the frame. */
  educationRank: Map<string, number>;
  educationLevels: number;
}

function lookupOf(frame: PopulationFrame): FrameLookup {
  const incomeStanding = new Map<string, IncomeStanding>();
  const income = frame.traits.find((t) => t.id === 'income');
  if (income) {
    const total = income.levels.reduce((sum, level) => sum + level.share, 0) || 1;
    let below = 0;
    for (const level of income.levels) {
      const middle = (below + level.share / 2) / total;
      incomeStanding.set(level.id, middle < 0.3 ? 'low' : middle > 0.7 ? 'high' : 'middle');
      below += level.share;
    }
  }
  const education = frame.traits.find((t) => t.id === 'education');
  return {
    traits: frame.traits.map((trait) => ({
      id: trait.id,
      label: trait.label,
      levels: new Map(trait.levels.map((level) => [level.id, level.label])),
    })),
    incomeStanding,
    educationRank: new Map(education?.levels.map((level, rank) => [level.id, rank]) ?? []),
    educationLevels: education?.levels.length ?? 0,
  };
}

/** The member's level of every frame trait, as "trait label" -> "level label". */
function labelsOf(lookup: FrameLookup, member: PanelMember): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const trait of lookup.traits) {
    const level = member.traits[trait.id];
    const label = level === undefined ? undefined : trait.levels.get(level);
    if (label !== undefined) labels[trait.label] = label;
  }
  return labels;
}

/** The member's level of every frame trait by the trait's label ("Age band": "18–29"). */
export function traitLabels(frame: PopulationFrame, member: PanelMember): Record<string, string> {
  return labelsOf(lookupOf(frame), member);
}

type Schooling = 'below' | 'secondary' | 'tertiary' | 'unknown';

/** How much schooling the member's education level is: its id when standard, else its place among the levels. */
function schoolingOf(lookup: FrameLookup, member: PanelMember): Schooling {
  const level = member.traits.education;
  if (level === 'below-secondary') return 'below';
  if (level === 'secondary' || level === 'tertiary') return level;
  const rank = level === undefined ? undefined : lookup.educationRank.get(level);
  if (rank === undefined || lookup.educationLevels < 2) return 'unknown';
  if (rank === 0) return 'below';
  return rank === lookup.educationLevels - 1 ? 'tertiary' : 'secondary';
}

/** What a persona's prose and safety scores are composed from: the facts and where they stand. */
interface Standing {
  facts: PersonaFacts;
  income: IncomeStanding;
  schooling: Schooling;
}

const clampScore = (value: number) => Math.max(1, Math.min(10, Math.round(value)));
const jitter = (random: Random, spread: number) => Math.round((random() * 2 - 1) * spread);

/**
 * Safety scores (1 to 10, 10 feeling completely secure) that fit the facts:
 * economic by where the income stands and the work; occupation by how
 * secure the work is (a retiree's pension is secure, a job search is not);
 * the wider world a little lower with age; the local area by income. Each
 * varies by a point or so between people.
 */
export function panelSafetyScores(standing: Standing, random: Random): SafetyScores {
  const { facts, income, schooling } = standing;
  const group = facts.occupationGroup;
  const economicBase = { low: 3, middle: 5, high: 7.5 }[income];
  const economicWork =
    group === 'unemployed'
      ? -2
      : group === 'student'
        ? -1
        : group === 'managerial' || group === 'professional'
          ? 1
          : 0;
  const occupationBase: Record<PersonaFacts['occupationGroup'], number> = {
    student: 5,
    manual: 5,
    service: 4,
    professional: 7,
    managerial: 7,
    retired: 9,
    homemaker: 6,
    unemployed: 2,
  };
  const schooled = schooling === 'tertiary' && group !== 'retired' ? 1 : 0;
  return {
    economic: clampScore(economicBase + economicWork + jitter(random, 1)),
    world: clampScore(5.5 - (facts.age >= 60 ? 1 : 0) + jitter(random, 2)),
    local: clampScore(6 + (income === 'high' ? 1 : income === 'low' ? -1 : 0) + jitter(random, 1)),
    occupation: clampScore(occupationBase[group] + schooled + jitter(random, 1)),
  };
}

interface Voice {
  she: string;
  her: string;
  partner: readonly string[];
}

const voices: Record<PersonaFacts['sex'], Voice> = {
  female: { she: 'she', her: 'her', partner: ['her husband', 'her partner'] },
  male: { she: 'he', her: 'his', partner: ['his wife', 'his partner'] },
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/**
 * Who the member lives with, in words `householdOf` of `@chorus/research`
 * reads as the same household (so results cut by household agree with the
 * frame): children at home are "children", "kids", "son", "daughter" or
 * "teenagers"; no such word for anyone else.
 */
function householdSentence(standing: Standing, voice: Voice, random: Random): string {
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
function workSentence(standing: Standing, voice: Voice, random: Random): string {
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
function leisure(standing: Standing, random: Random): string {
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
function motivationsOf(standing: Standing, voice: Voice, random: Random): string {
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
function personalityOf(standing: Standing, random: Random): string {
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

/** One persona of a market panel from its facts, with a name, prose and safety scores of its own. */
function personaOf(
  frame: PopulationFrame,
  lookup: FrameLookup,
  member: PanelMember,
  seed: number,
): PersonaProfile {
  const facts = personaFacts(frame, member, seed);
  const standing: Standing = {
    facts,
    income: lookup.incomeStanding.get(member.traits.income ?? '') ?? 'middle',
    schooling: schoolingOf(lookup, member),
  };
  const voice = voices[facts.sex];
  const random = generator(seed, member.index, 0x50524f53);
  const lifestyle = `${capitalised(householdSentence(standing, voice, random))}; ${leisure(standing, random)}. ${capitalised(workSentence(standing, voice, random))}.`;
  return {
    personaId: String(member.index),
    name: panelName(frame.country, facts.sex, seed, member.index),
    age: facts.age,
    gender: facts.sex === 'female' ? 'Female' : 'Male',
    occupation: capitalised(facts.occupation),
    location: `${facts.region}, ${facts.country}`,
    income: facts.incomeText,
    lifestyle,
    motivations: motivationsOf(standing, voice, random),
    personality: personalityOf(standing, random),
    safetyScores: panelSafetyScores(standing, random),
    customTraits: { labels: labelsOf(lookup, member) },
  };
}

/** One member's persona (see the top of this file). */
export function panelPersona(
  frame: PopulationFrame,
  member: PanelMember,
  seed: number,
): PersonaProfile {
  return personaOf(frame, lookupOf(frame), member, seed);
}

/** Every member's persona, the frame read once. */
export function panelPersonas(
  frame: PopulationFrame,
  members: readonly PanelMember[],
  seed: number,
): PersonaProfile[] {
  const lookup = lookupOf(frame);
  return members.map((member) => personaOf(frame, lookup, member, seed));
}
