import { findMoney, type Money } from './money';
import { priceIn, type PriceReading } from './price-reading';

/**
 * What a question is about, from its words. A question may touch several
 * themes ("a $5 AI add-on" is price and technology); each persona then
 * weighs the themes that matter to them.
 */
export type Theme =
  | 'price'
  | 'technology'
  | 'risk'
  | 'safety'
  | 'convenience'
  | 'health'
  | 'environment'
  | 'quality'
  | 'privacy'
  | 'community'
  | 'work';

/**
 * Keywords per theme. Each matches at the start of a word ("automat" finds
 * automate and automation); a trailing \\b asks for the whole word.
 */
const themeKeywords: Record<Theme, readonly string[]> = {
  price: [
    'pric',
    'cost',
    'fee\\b',
    'fees\\b',
    'pay\\b',
    'paying',
    'paid',
    'charg',
    'subscri',
    'buy\\b',
    'buying',
    'purchas',
    'discount',
    'cheap',
    'expensive',
    'afford',
    '(?<!-)free\\b',
    'tier\\b',
    'budget',
    'coupon',
    'refund',
    'money',
    'spend',
  ],
  technology: [
    'ai\\b',
    'a\\.i\\.',
    'artificial intelligence',
    'machine learning',
    'algorithm',
    'app\\b',
    'apps\\b',
    'mobile',
    'online',
    'digital',
    'automat',
    'chatbot',
    'bot\\b',
    'software',
    'smart\\b',
    'technolog',
    'tech\\b',
    'platform',
    'virtual',
    'self-service',
    'self-checkout',
    'voice assistant',
    'assistant',
    'robot',
    'website',
  ],
  risk: [
    'risk',
    'experiment',
    'untested',
    'unproven',
    'beta\\b',
    'crypto',
    'invest',
    'remov',
    'discontinu',
    'stop offering',
    'get rid of',
    'new supplier',
    'new provider',
    'overhaul',
    'pivot',
    'radical',
    'bold',
    'gamble',
    'uncertain',
  ],
  safety: [
    'safe',
    'secur',
    'protect',
    'guarantee',
    'warrant',
    'insur',
    'verif',
    'fraud',
    'scam',
    'emergency',
    'reliab',
    'backup',
  ],
  convenience: [
    'conveni',
    'deliver',
    'same-day',
    'next-day',
    'faster',
    'quick',
    'save time',
    'saves time',
    'time-saving',
    'one-click',
    'easier',
    'easy',
    'hassle',
    'schedul',
    '24/7',
    'pick-up',
    'pickup',
    'on demand',
    'on-demand',
    'wait',
    'queue',
    'home visit',
  ],
  health: [
    'health',
    'wellness',
    'well-being',
    'wellbeing',
    'fitness',
    'exercis',
    'nutrition',
    'diet',
    'organic',
    'sleep',
    'mental',
    'medical',
    'doctor',
    'stress',
    'calorie',
    'sugar',
  ],
  environment: [
    'sustainab',
    'eco\\b',
    'eco-',
    'green',
    'carbon',
    'climate',
    'recycl',
    'plastic',
    'packaging',
    'environment',
    'renewable',
    'electric vehicle',
    'emission',
    'compost',
    'refill',
    'waste',
  ],
  quality: [
    'quality',
    'premium',
    'luxury',
    'durab',
    'craft',
    'handmade',
    'hand-made',
    'high-end',
    'better materials',
    'last longer',
    'lasts longer',
    'repair',
    'design',
  ],
  privacy: [
    'privacy',
    'private',
    'personal data',
    'your data',
    'data\\b',
    'track',
    'location',
    'personal information',
    'cookies',
    'personalis',
    'personaliz',
    'targeted',
    'consent',
    'share your',
    'biometric',
    'camera',
    'microphone',
  ],
  community: [
    'communit',
    'social',
    'friends',
    'family',
    'families',
    'neighbo',
    'local',
    'group',
    'together',
    'refer',
    'share with',
    'events\\b',
    'club',
    'members',
    'forum',
  ],
  work: [
    'productiv',
    'your team',
    'your business',
    'small business',
    'workflow',
    'b2b',
    'professional',
    'career',
    'enterprise',
    'office',
    'invoic',
    'clients',
    'colleague',
    'at work',
  ],
};

const themePatterns = (Object.entries(themeKeywords) as [Theme, readonly string[]][]).map(
  ([theme, keywords]) =>
    [theme, keywords.map((k) => new RegExp(`(?:^|[^a-z])(?:${k})`, 'i'))] as const,
);

/** A rise for what customers already have; a new paid option is a plain "would you pay?". */
const priceUp =
  /\b(rais|increas|higher price|hike|more expensive|charge (?:more|extra)|add(?:ing)? a fee|new fee|surcharge|pay more|cost more|upgrade fee|start charging|no longer free)/i;
const priceDown =
  /\b(discount|cheaper|lower(?:ing)? (?:the )?price|reduc\w* (?:the )?(?:price|cost|fee)|price cut|cut (?:the )?price|free (?:tier|plan|trial|version|shipping|delivery)|for free|less expensive|drop(?:ping)? (?:the )?price|coupon|sale\b|loyalty reward|cashback|save money)/i;
const aiWords =
  /\b(ai|a\.i\.|artificial intelligence|machine learning|algorithm|automat\w*|chatbot|robot\w*)\b/i;

type PriceDirection = 'up' | 'down' | 'ask';

export interface QuestionReading {
  /** Themes the question touches, strongest first (most keywords). */
  themes: Theme[];
  /** For price questions: a rise, a cut, or a plain "would you pay X?". */
  priceDirection?: PriceDirection;
  /** The price named in the question, if any ("$49 a month"). */
  price?: Money;
  /** That price with what it is charged for and the quantities the question states. */
  priceReading?: PriceReading;
  /** The question is about AI or automation specifically. */
  aboutAi: boolean;
}

export function readQuestion(text: string): QuestionReading {
  const scored = themePatterns
    .map(([theme, patterns]) => ({ theme, hits: patterns.filter((p) => p.test(text)).length }))
    .filter((t) => t.hits > 0);
  // Stable order: more keywords first, then the order of the theme list.
  scored.sort((a, b) => b.hits - a.hits);
  const themes = scored.map((t) => t.theme);
  // "the monthly price from $29 to $49": the period may come before the amounts.
  const period = /\bmonth|\/mo\b/i.test(text)
    ? 'month'
    : /\byear|\bannual/i.test(text)
      ? 'year'
      : /\bweek/i.test(text)
        ? 'week'
        : 'once';
  const money = findMoney(text, period);
  if (money.length > 0 && !themes.includes('price')) themes.unshift('price');

  let priceDirection: PriceDirection | undefined;
  if (themes.includes('price')) {
    const [from, to] = money;
    if (from && to && from.currency === to.currency && from.value !== to.value) {
      priceDirection = to.value > from.value ? 'up' : 'down';
    } else if (priceUp.test(text)) {
      priceDirection = 'up';
    } else if (priceDown.test(text)) {
      priceDirection = 'down';
    } else {
      priceDirection = 'ask';
    }
  }
  return {
    themes,
    priceDirection,
    price: money.length > 1 ? money[money.length - 1] : money[0],
    priceReading: priceIn(text),
    aboutAi: aiWords.test(text),
  };
}
