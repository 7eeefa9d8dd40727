// What a question can claim or take for granted: endorsing and adopting,
// values and character, benefits brought about and problems had.

/** Verbs of endorsing or adopting something. */
export const endorseVerbs = new Set([
  'recommend',
  'agree',
  'say',
  'trust',
  'rank',
  'rate',
  'prefer',
  'choose',
  'love',
  'use',
  'rely',
  'swear',
  'switch',
  'pick',
  'buy',
  'back',
  'endorse',
  'praise',
  'vote',
  'favour',
  'favor',
  'adopt',
  'join',
  'book',
  'order',
  'want',
  'know',
  'find',
  'show',
  'confirm',
  'report',
  'like',
  'enjoy',
]);

/** Values a person can be told they hold. */
export const valueVerbs = new Set([
  'care',
  'value',
  'love',
  'cherish',
  'believe',
  'want',
  'deserve',
  'expect',
  'demand',
  'treasure',
  'prioritise',
  'prioritize',
  'respect',
]);

/** Adjectives that tell a person what kind of person they are. */
export const characterAdjectives = new Set([
  'responsible',
  'savvy',
  'proper',
  'organised',
  'organized',
  'smart',
  'discerning',
  'dedicated',
  'forward-thinking',
  'adventurous',
  'loyal',
  'proud',
  'caring',
  'loving',
  'good',
  'serious',
  'conscientious',
  'thoughtful',
  'modern',
  'ambitious',
  'health-conscious',
  'eco-conscious',
  'security-minded',
  'safety-conscious',
  'budget-conscious',
  'cost-conscious',
  'eco-friendly',
  'forward-looking',
  'progressive',
  'ambitious',
  'caring',
  'sophisticated',
  'wise',
  'clever',
  'devoted',
  'committed',
  'busy',
  'hard-working',
  'hardworking',
  'successful',
  'passionate',
  'intelligent',
  'informed',
  'sensible',
  'careful',
  'true',
  'real',
  'great',
  'dear',
  'confident',
  'generous',
  'stylish',
  'selfless',
]);

/** Verbs of a benefit or change brought about. */
export const benefitVerbs = new Set([
  'save',
  'help',
  'improve',
  'change',
  'boost',
  'reduce',
  'cut',
  'ease',
  'transform',
  'increase',
  'benefit',
  'enhance',
  'simplify',
  'make',
  'notice',
  'gain',
  'raise',
  'lift',
  'speed',
]);

/** Nouns of a problem a question can take for granted. */
export const problemNouns = new Set([
  'problem',
  'frustration',
  'pain',
  'headache',
  'struggle',
  'issue',
  'annoyance',
  'complaint',
]);

/** Verbs of a purchase or adoption a question can take for granted. */
export const adoptVerbs = new Set([
  'upgrade',
  'buy',
  'move',
  'switch',
  'book',
  'use',
  'sign',
  'subscribe',
  'order',
  'join',
  'renew',
  'try',
  'start',
  'purchase',
  'adopt',
  'install',
  'enrol',
  'enroll',
  'invest',
  'open',
  'get',
  'come',
  'return',
]);

/** Verbs of a judgement a "why" can take for granted: e.g. "prefer", "trust". */
export const judgementVerbs = new Set([
  'prefer',
  'love',
  'like',
  'enjoy',
  'trust',
  'recommend',
  'dislike',
  'hate',
  'appreciate',
  'adore',
  'favour',
  'favor',
]);

/** Nouns of a choice that an evaluative word before them turns into a verdict. */
export const choiceNouns = new Set([
  'choice',
  'move',
  'option',
  'pick',
  'decision',
  'fit',
  'call',
  'bet',
]);

/** Words before a choice noun that make it a verdict: e.g. "right", "obvious". */
export const verdictWords = new Set([
  'first',
  'top',
  'right',
  'obvious',
  'smart',
  'wise',
  'go-to',
  'natural',
  'only',
  'best',
  'ideal',
  'perfect',
]);

/** Verdicts a "why" can presume of a noun after "the" or "a": e.g. "the right <noun>". */
export const presumedVerdicts = new Set(['right', 'obvious', 'smart', 'wise', 'perfect', 'ideal']);

/** Words that ask for a judgement of what follows them: e.g. "satisfied", "rate". */
export const evaluativeFrames = new Set([
  'satisfied',
  'happy',
  'rate',
  'enjoy',
  'like',
  'love',
  'want',
  'offer',
  'prefer',
  'find',
  'think',
  'useful',
  'easy',
  'important',
  'pleased',
  'recommend',
  'consider',
  'add',
  'improve',
  'need',
  'value',
]);

/** Acts that a choice names without judging them. */
export const transactionVerbs = new Set([
  'pay',
  'spend',
  'cost',
  'charge',
  'owe',
  'cancel',
  'stop',
  'leave',
  'miss',
  'no',
  'yes',
  'not',
]);

/** Nouns of a high point: "the highlight of your stay", "the best part of our course". */
export const highPointWords = new Set(['highlight', 'highlights', 'memorable', 'standout']);

/** Nouns "best" makes a high point of before "of": e.g. "the best part of". */
export const highPointNouns = new Set(['part', 'moment', 'bit', 'memory']);

/** Verbs that praise by ranking above others: e.g. "excel", "outshine". */
export const excelVerbs = new Set(['excel', 'outperform', 'outshine', 'shine']);

/** Verbs that pass a verdict on their object: "customers call our alterations flawless". */
export const verdictVerbs = new Set(['call', 'rate', 'find', 'consider', 'deem']);

/** Verbs that ask for a verdict in the person's words: "Would you describe our tour as…". */
export const describingVerbs = new Set([...verdictVerbs, 'describe', 'say']);

/** Verbs that cause a state in something: "what makes it so…", "what keeps them so…", "what brings it to life". */
export const causingVerbs = new Set(['make', 'keep', 'bring', 'get', 'leave', 'turn']);

/** Verbs of an effect drawn from people: "…that sparks such debate", "…that draws crowds". */
export const effectVerbs = new Set(['spark', 'draw', 'win', 'inspire', 'attract', 'set']);

/** Verbs that give an opinion before its content: "what do you think makes…". */
export const opinionVerbs = new Set(['think', 'reckon', 'believe', 'say', 'feel']);

/** Who a "why should … <verb>" presumes will choose: e.g. "anyone", "customers". */
export const chooserWords = new Set([
  'you',
  'anyone',
  'anybody',
  'people',
  'customers',
  'businesses',
  'teams',
]);

/** Verbs of choosing or staying with an offer: e.g. "select", "stay". */
export const choosingVerbs = new Set([
  'choose',
  'pick',
  'trust',
  'use',
  'prefer',
  'select',
  'stay',
  'go',
]);

/** What a person who cares "wants to" do: e.g. "protect", "keep". */
export const devotionVerbs = new Set(['be', 'give', 'protect', 'keep']);

/** Words that frame a choice without weighing its sides: e.g. "rather", "prefer", "sounds". */
export const choiceFrameWords = new Set([
  'rather',
  'prefer',
  'choose',
  'pick',
  'better',
  'sound',
  'sounds',
]);

/** Verbs of preferring that make "over" join two sides of a choice: e.g. "pick". */
export const preferenceVerbs = new Set(['prefer', 'pick', 'choose', 'rather']);

/** Verbs of paying or stopping that name an act without rating it: e.g. "spend", "cancel". */
export const moneyVerbs = new Set([
  'pay',
  'spend',
  'cost',
  'charge',
  'owe',
  'cancel',
  'stop',
  'leave',
  'miss',
]);

/** Nouns of a benefit that "the" presents as a fact: e.g. "improvement", "savings". */
export const benefitNouns = new Set([
  'difference',
  'improvement',
  'benefit',
  'benefits',
  'results',
  'progress',
  'savings',
]);

/** Nouns of a benefit a person is asked when they noticed: e.g. "difference", "change". */
export const noticedBenefitNouns = new Set([
  'difference',
  'improvement',
  'results',
  'benefits',
  'change',
]);

/** Verbs of starting with an offer: e.g. "join", "switch", "sign". */
export const startingVerbs = new Set(['start', 'join', 'switch', 'begin', 'use', 'sign', 'move']);

/** Verbs of an offer's effect on a person's mind: e.g. "inspire", "convince". */
export const persuadeVerbs = new Set(['inspire', 'convince', 'persuade']);

/** Verbs of what mattered most: e.g. "mean", "matter". */
export const matteringVerbs = new Set(['mean', 'matter']);

/** Verbs a crowd can act with even when read as nouns: e.g. "rave", "swear". */
export const crowdActVerbs = new Set(['rave', 'swear', 'buy', 'use', 'love', 'choose']);

/** Nouns of evidence that a question can cite: e.g. "research", "poll". */
export const evidenceNouns = new Set([
  'research',
  'study',
  'studies',
  'survey',
  'data',
  'science',
  'evidence',
  'poll',
]);

/** Verbs that report what evidence found: e.g. "show", "reveal". */
export const findingVerbs = new Set([
  'show',
  'prove',
  'suggest',
  'find',
  'say',
  'confirm',
  'reveal',
]);

/** Participles of endorsement followed by who endorsed: e.g. "loved (by)", "relied (on)". */
export const endorsedParticiples = new Set([
  'loved',
  'used',
  'chosen',
  'recommended',
  'preferred',
  'backed',
  'endorsed',
  'praised',
  'rated',
  'adored',
  'relied',
]);

/** Words that can follow "voted" in an award claim: e.g. "best", "number". */
export const votedForWords = new Set([
  'best',
  'top',
  '#',
  'number',
  'favourite',
  'favorite',
  'the',
]);

/** Nouns of being chosen by a group: e.g. "choice", "pick". */
export const favouriteNouns = new Set(['choice', 'favourite', 'favorite', 'pick']);

/** Verbs of naming or ranking an offer: e.g. "crown", "award". */
export const namingVerbs = new Set(['name', 'rank', 'crown', 'vote', 'call', 'award']);

/** Titles an offer is named with: e.g. "leader", "winner". */
export const accoladeWords = new Set([
  'leader',
  'first',
  'best',
  'top',
  'winner',
  'favourite',
  'favorite',
  'number',
]);

/** Verbs of winning an honour: "won", "scooped". */
export const winningVerbs = new Set(['win', 'scoop', 'earn', 'collect', 'pick']);

/** Honours won in a contest: "award", "gold", "medal". */
export const honourNouns = new Set([
  'award',
  'prize',
  'medal',
  'gold',
  'silver',
  'trophy',
  'title',
  'accolade',
  'rosette',
]);

/** Participles of press coverage after "as": e.g. "seen", "featured". */
export const featuredParticiples = new Set([
  'seen',
  'featured',
  'heard',
  'shown',
  'recommended',
  'reviewed',
  'praised',
]);

/** Spellings of a best-seller claim: e.g. "bestselling". */
export const bestsellerWords = new Set([
  'best-selling',
  'bestselling',
  'bestseller',
  'bestsellers',
  'best-seller',
  'best-sellers',
  'chart-topping',
  'chart-topper',
  'record-breaking',
]);

/** Things a crowd leaves behind that a big count makes proof of: e.g. "<a big count> of reviews". */
export const endorsementTokens = new Set([
  'review',
  'rating',
  'vote',
  'download',
  'signature',
  'subscriber',
  'follower',
  'sign-up',
  'booking',
]);
