import type { PersonaAttributeName, ProfileFieldName } from '@chorus/contracts';
import type { BusinessContext } from '@chorus/proto/inference/v1/answers';
import type { PersonaReading } from '../persona-reading';
import type { Theme } from '../question-themes';
import { fact, type Reason, unique } from './reason';

// The business profile: who the product is for, what industry it is in, and
// which of its fields speak to the question.

/** Profile fields that speak to each theme, named in the reasoning when the profile has them. */
const profileFieldsByTheme: Record<Theme, readonly ProfileFieldName[]> = {
  price: ['pricingModels', 'avgTransactionValue'],
  technology: ['digitalPresence', 'ecommerceCapabilities'],
  risk: ['marketPositioning'],
  safety: ['serviceLevelAgreements', 'qualityMetrics'],
  convenience: ['serviceDelivery', 'distributionChannels'],
  health: ['primaryProducts'],
  environment: ['uniqueSellingPoints', 'marketPositioning'],
  quality: ['uniqueSellingPoints', 'qualityMetrics'],
  privacy: ['dataCollection', 'crmSystems'],
  community: ['customerTouchpoints', 'referralPatterns'],
  work: ['businessModel', 'salesProcesses'],
};

/** The profile's answers to the fields that speak to the themes, the first two of them. */
export function themeFacts(themes: readonly Theme[], business: BusinessContext) {
  return unique(themes.flatMap((t) => profileFieldsByTheme[t]))
    .map((field) => ({ field, value: fact(business, field) }))
    .filter((f): f is { field: ProfileFieldName; value: string } => f.value !== undefined)
    .slice(0, 2);
}

const audienceHints: readonly [
  RegExp,
  (p: PersonaReading) => boolean,
  (p: PersonaReading) => PersonaAttributeName,
][] = [
  [
    /\bstudents?\b|\bgen ?z\b|\byoung (?:people|adults)\b/i,
    (p) => p.student || p.age <= 25,
    () => 'age',
  ],
  [
    /\bseniors?\b|\bretirees?\b|\bolder (?:adults|people)\b|\belderly\b/i,
    (p) => p.age >= 60,
    () => 'age',
  ],
  [
    /\bparents?\b|\bfamil(?:y|ies)\b/i,
    (p) => p.traits.has('familyFirst'),
    (p) => p.traits.get('familyFirst') ?? 'lifestyle',
  ],
  [
    /\bprofessionals?\b|\bexecutives?\b|\bmanagers?\b/i,
    (p) => !p.student && !p.retired && p.category !== 'Other',
    () => 'occupation',
  ],
  [
    /\bsmall business(?:es)?\b|\bowners?\b|\bentrepreneurs?\b|\bfreelancers?\b|\bsmbs?\b/i,
    (p) => p.selfEmployed,
    () => 'occupation',
  ],
  [/\baffluent\b|\bhigh[- ]income\b|\bwealthy\b/i, (p) => p.income.band === 'high', () => 'income'],
  [
    /\bbudget\b|\blow[- ]income\b|\bprice[- ]sensitive\b/i,
    (p) => p.income.band === 'low' || p.traits.has('priceConscious'),
    () => 'income',
  ],
];

/** The target customers in the profile: an age range, or a kind of customer the persona may be. */
export function audienceReason(p: PersonaReading, business: BusinessContext): Reason | undefined {
  const audience = fact(business, 'customerDemographics');
  if (!audience) return undefined;
  const range = audience.match(/\b(\d{2})\s?(?:-|–|to)\s?(\d{2})\b/);
  if (range) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    const inside = p.age >= low && p.age <= high;
    return {
      weight: inside ? 0.2 : -0.2,
      attributes: ['age'],
      profileFields: ['customerDemographics'],
      voice: inside
        ? "it sounds like it's made for people like me"
        : "it doesn't sound like it's made for someone my age",
      because: inside
        ? `at ${p.age}, ${p.firstName} is inside the target customers (${low}-${high})`
        : `at ${p.age}, ${p.firstName} is outside the target customers (${low}-${high})`,
    };
  }
  for (const [pattern, fits, attributeOf] of audienceHints) {
    if (pattern.test(audience) && fits(p)) {
      return {
        weight: 0.2,
        attributes: [attributeOf(p)],
        profileFields: ['customerDemographics'],
        voice: "it sounds like it's made for people like me",
        because: `${p.firstName} matches the customers the product targets`,
      };
    }
  }
  return undefined;
}

const industryCategories: readonly [RegExp, PersonaReading['category']][] = [
  [/tech|software|saas|it\b/i, 'Technology'],
  [/health|medical|pharma|wellness/i, 'Healthcare'],
  [/educat|school|learning/i, 'Education'],
  [/financ|bank|insur|fintech/i, 'Finance'],
  [/market|advertis|media/i, 'Sales & Marketing'],
  [/design|entertain|art|fashion/i, 'Creative'],
];

/** Someone who works in the product's industry knows it: a firmer view, not a different one. */
export function industryReason(p: PersonaReading, business: BusinessContext): Reason | undefined {
  const industry = fact(business, 'industry') ?? business.industry;
  if (!industry) return undefined;
  const match = industryCategories.find(([pattern]) => pattern.test(industry));
  if (!match || match[1] !== p.category) return undefined;
  return {
    weight: 0,
    attributes: ['occupation'],
    profileFields: ['industry'],
    voice: `${industry} is close to my own work, so I know the field`,
    because: `${p.firstName} works close to the product's industry (${industry})`,
  };
}
