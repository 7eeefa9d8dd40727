import { z } from 'zod';

/**
 * The business profile: one per product, every field optional, each with an
 * Unknown companion that counts the field as answered. The catalogue below is
 * the one list of fields; the gateway's schema, the completion rule and the
 * form are all derived from it.
 */

export type ProfileTab = 'core' | 'market' | 'operations' | 'experience' | 'performance';

/** single: one-line input; multi: a text area; number: a numeric input (empty becomes 0). */
type ProfileFieldKind = 'single' | 'multi' | 'number';

export const profileTabs: readonly {
  tab: ProfileTab;
  /** The tab's button. */
  label: string;
  /** The heading inside the tab. */
  title: string;
  /** The card of the read-only view that shows the tab's fields. */
  viewCard: string;
}[] = [
  {
    tab: 'core',
    label: 'Core',
    title: 'Core Business Identifiers and Value Proposition',
    viewCard: 'Core Product Information',
  },
  {
    tab: 'market',
    label: 'Market',
    title: 'Market and Customer Context',
    viewCard: 'Market Context',
  },
  {
    tab: 'operations',
    label: 'Operations',
    title: 'Operational Characteristics',
    viewCard: 'Operations',
  },
  {
    tab: 'experience',
    label: 'Experience',
    title: 'Customer Experience Elements',
    // The read-only view has four cards; customer experience is shown with operations.
    viewCard: 'Operations',
  },
  {
    tab: 'performance',
    label: 'Performance',
    title: 'Performance and Growth Metrics',
    viewCard: 'Performance Metrics',
  },
];

const field = <N extends string, K extends ProfileFieldKind>(
  name: N,
  tab: ProfileTab,
  label: string,
  kind: K,
) => ({ name, tab, label, kind }) as const;

export const businessProfileFields = [
  // Core
  field('companyName', 'core', 'Product Name', 'single'),
  field('industry', 'core', 'Industry', 'single'),
  field('businessModel', 'core', 'Business Model', 'single'),
  field('employeeCount', 'core', 'Employee Count', 'single'),
  field('annualRevenue', 'core', 'Annual Revenue', 'single'),
  field('locations', 'core', 'Locations', 'single'),
  field('yearsInOperation', 'core', 'Years in Operation', 'number'),
  field('primaryProducts', 'core', 'Primary Products', 'multi'),
  field('uniqueSellingPoints', 'core', 'Unique Selling Points', 'multi'),
  field('competitiveAdvantages', 'core', 'Competitive Advantages', 'multi'),
  field('marketPositioning', 'core', 'Market Positioning', 'multi'),
  // Market
  field('geographicScope', 'market', 'Geographic Scope', 'single'),
  field('marketSize', 'market', 'Market Size', 'single'),
  field('primaryMarkets', 'market', 'Primary Markets', 'single'),
  field('secondaryMarkets', 'market', 'Secondary Markets', 'single'),
  field('marketShare', 'market', 'Market Share', 'single'),
  field('customerDemographics', 'market', 'Customer Demographics', 'multi'),
  field('customerPsychographics', 'market', 'Customer Psychographics', 'multi'),
  field('customerBehaviors', 'market', 'Customer Behaviors', 'multi'),
  field('segmentSizes', 'market', 'Segment Sizes', 'multi'),
  field('directCompetitors', 'market', 'Direct Competitors', 'multi'),
  field('indirectCompetitors', 'market', 'Indirect Competitors', 'multi'),
  field('marketDifferentiation', 'market', 'Market Differentiation', 'multi'),
  // Operations
  field('distributionChannels', 'operations', 'Distribution Channels', 'multi'),
  field('salesProcesses', 'operations', 'Sales Processes', 'multi'),
  field('customerAcquisition', 'operations', 'Customer Acquisition', 'multi'),
  field('serviceDelivery', 'operations', 'Service Delivery', 'multi'),
  field('operationalScale', 'operations', 'Operational Scale', 'single'),
  field('digitalPresence', 'operations', 'Digital Presence', 'multi'),
  field('ecommerceCapabilities', 'operations', 'E-commerce Capabilities', 'multi'),
  field('crmSystems', 'operations', 'CRM Systems', 'single'),
  field('marketingAutomation', 'operations', 'Marketing Automation', 'single'),
  field('dataCollection', 'operations', 'Data Collection', 'multi'),
  field('pricingModels', 'operations', 'Pricing Models', 'multi'),
  field('avgTransactionValue', 'operations', 'Average Transaction Value', 'single'),
  field('customerLifetimeValue', 'operations', 'Customer Lifetime Value', 'single'),
  field('paymentMethods', 'operations', 'Payment Methods', 'single'),
  // Experience
  field('customerTouchpoints', 'experience', 'Customer Touchpoints', 'multi'),
  field('customerJourney', 'experience', 'Customer Journey', 'multi'),
  field('decisionMakingProcess', 'experience', 'Decision-Making Process', 'multi'),
  field('purchaseCycles', 'experience', 'Purchase Cycles', 'single'),
  field('customerSupport', 'experience', 'Customer Support', 'multi'),
  field('serviceLevelAgreements', 'experience', 'Service Level Agreements', 'multi'),
  field('qualityMetrics', 'experience', 'Quality Metrics', 'multi'),
  // Performance
  field('revenueStreams', 'performance', 'Revenue Streams', 'multi'),
  field('profitability', 'performance', 'Profitability', 'single'),
  field('growthTrajectory', 'performance', 'Growth Trajectory', 'multi'),
  field('investmentCapacity', 'performance', 'Investment Capacity', 'single'),
  field('acquisitionCosts', 'performance', 'Acquisition Costs', 'single'),
  field('retentionRates', 'performance', 'Retention Rates', 'single'),
  field('satisfactionScores', 'performance', 'Satisfaction Scores', 'single'),
  field('referralPatterns', 'performance', 'Referral Patterns', 'multi'),
] as const;

export type ProfileField = (typeof businessProfileFields)[number];
export type ProfileFieldName = ProfileField['name'];
/** The one numeric field. */
type ProfileNumberField = Extract<ProfileField, { kind: 'number' }>['name'];
export type ProfileTextField = Exclude<ProfileFieldName, ProfileNumberField>;
type ProfileUnknownFlag = `${ProfileFieldName}Unknown`;

export function unknownFlagOf<N extends ProfileFieldName>(name: N): `${N}Unknown` {
  return `${name}Unknown`;
}

/** Every field and flag as answered by the API (null: never given). */
export type BusinessProfileValues = { [K in ProfileTextField]: string | null } & {
  [K in ProfileNumberField]: number | null;
} & { [K in ProfileUnknownFlag]: boolean };

export interface BusinessProfileView extends BusinessProfileValues {
  id: string;
  productId: string;
  /** Percentage of answered fields, 0 to 100 (see profileCompletion). */
  completion: number;
  createdAt: string;
  updatedAt: string;
}

export const profileMessages = {
  notFound: 'Business profile not found',
  alreadyExists: 'A business profile already exists for this product',
  yearsNotANumber: 'Years in operation must be a number',
  yearsOutOfRange: 'Years in operation must be a whole number from 0 to 1000',
  createFailed: 'Failed to create product profile',
  updateFailed: 'Failed to update product profile',
  notSpecified: 'Not specified',
} as const;

export const MAX_YEARS_IN_OPERATION = 1000;
const MAX_SINGLE_LINE = 500;
const MAX_MULTI_LINE = 10_000;

/**
 * A profile value counts as answered when it is non-empty and non-zero, or
 * when its Unknown flag is set.
 */
export function isProfileFieldAnswered(value: unknown, unknown: unknown): boolean {
  if (unknown === true) return true;
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value) && value !== 0;
  if (typeof value === 'string') return value.trim() !== '';
  return false;
}

/**
 * Profile completion: answered fields divided by all profile fields, as a
 * rounded percentage. Accepts stored values and form values alike (numbers
 * or strings), so the form can recompute it on every change.
 */
export function profileCompletion(profile: Partial<Record<string, unknown>>): {
  answered: number;
  total: number;
  percent: number;
} {
  const total = businessProfileFields.length;
  const answered = businessProfileFields.filter((f) =>
    isProfileFieldAnswered(profile[f.name], profile[unknownFlagOf(f.name)]),
  ).length;
  return { answered, total, percent: Math.round((answered / total) * 100) };
}

function textField(label: string, max: number) {
  const message = `${label} must be text`;
  return z
    .union([z.string(message), z.number(message)], message)
    .transform((value) => String(value).trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .nullish();
}

/**
 * Years in operation arrives as a number or as the form's text. An empty
 * entry (or null) becomes 0; anything else must be a whole number.
 */
const yearsInOperation = z
  .union([z.number(), z.string(), z.null()], profileMessages.yearsNotANumber)
  .transform((value, context) => {
    const text = value === null ? '' : String(value).trim();
    if (text === '') return 0;
    const years = Number(text);
    if (!Number.isFinite(years)) {
      context.addIssue({ code: 'custom', message: profileMessages.yearsNotANumber });
      return z.NEVER;
    }
    if (!Number.isInteger(years) || years < 0 || years > MAX_YEARS_IN_OPERATION) {
      context.addIssue({ code: 'custom', message: profileMessages.yearsOutOfRange });
      return z.NEVER;
    }
    return years;
  })
  .optional();

const unknownFlag = (label: string) =>
  z.boolean(`${label}: Unknown must be true or false`).optional();

type TextSchema = ReturnType<typeof textField>;
type ProfileInputShape = { [K in ProfileTextField]: TextSchema } & {
  yearsInOperation: typeof yearsInOperation;
} & { [K in ProfileUnknownFlag]: ReturnType<typeof unknownFlag> };

function profileInputShape(): ProfileInputShape {
  const entries = businessProfileFields.flatMap((f) => [
    [
      f.name,
      f.kind === 'number'
        ? yearsInOperation
        : textField(f.label, f.kind === 'multi' ? MAX_MULTI_LINE : MAX_SINGLE_LINE),
    ],
    [unknownFlagOf(f.name), unknownFlag(f.label)],
  ]);
  // Built from the catalogue so a field is declared once; the mapped type
  // above states the shape that loop produces.
  return Object.fromEntries(entries) as ProfileInputShape;
}

/**
 * The body of POST and PUT /api/products/{id}/business-profile. Every field
 * is optional: an absent field is left as it is (PUT) or unset (POST); null
 * or an empty text clears it. Unknown keys (id, productId, timestamps echoed
 * back by a prefilled form) are ignored.
 */
export const businessProfileInput = z.object(profileInputShape());
export type BusinessProfileInput = z.output<typeof businessProfileInput>;
