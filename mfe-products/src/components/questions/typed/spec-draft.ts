import {
  type PricePeriod,
  type QuestionType,
  questionSpecSchema,
  type TypedQuestionSpec,
} from '@chorus/contracts';

/**
 * The settings of a typed question as the form holds them while they are
 * typed: text as typed, one draft for every type, so switching type and back
 * loses nothing (the options of a single choice stay for a multiple choice,
 * the offer of a price ladder for a price range).
 */
export interface SpecDraft {
  type: QuestionType;
  points: 5 | 7;
  lowLabel: string;
  highLabel: string;
  labelEveryPoint: boolean;
  /** One per possible point (7); the first `points` are used. */
  pointLabels: string[];
  options: string[];
  noneOption: boolean;
  unit: string;
  min: string;
  max: string;
  rankingItems: string;
  maxdiffItems: string;
  perSet: 4 | 5;
  offer: string;
  currency: string;
  period: PricePeriod;
  prices: string;
  likelihood: boolean;
}

export const PURCHASE_INTENT_LOW = 'Definitely would not buy';
export const PURCHASE_INTENT_HIGH = 'Definitely would buy';
/** The usual five-point purchase-intent scale, lowest first. */
export const purchaseIntentLabels = [
  PURCHASE_INTENT_LOW,
  'Probably would not buy',
  'Might or might not buy',
  'Probably would buy',
  PURCHASE_INTENT_HIGH,
];

export const defaultDraft: SpecDraft = {
  type: 'opinion',
  points: 5,
  lowLabel: PURCHASE_INTENT_LOW,
  highLabel: PURCHASE_INTENT_HIGH,
  labelEveryPoint: false,
  pointLabels: ['', '', '', '', '', '', ''],
  options: ['', ''],
  noneOption: false,
  unit: '',
  min: '0',
  max: '100',
  rankingItems: '',
  maxdiffItems: '',
  perSet: 4,
  offer: '',
  currency: 'USD',
  period: 'month',
  prices: '',
  likelihood: false,
};

/** Labels for every point, the blanks filled from the end labels (and the purchase-intent wording). */
export function fillPointLabels(draft: SpecDraft): string[] {
  const intent =
    draft.points === 5 &&
    draft.lowLabel.trim() === PURCHASE_INTENT_LOW &&
    draft.highLabel.trim() === PURCHASE_INTENT_HIGH;
  return draft.pointLabels.map((label, index) => {
    if (label.trim() || index >= draft.points) return label;
    if (index === 0) return draft.lowLabel;
    if (index === draft.points - 1) return draft.highLabel;
    return intent ? (purchaseIntentLabels[index] ?? '') : '';
  });
}

/** The non-empty lines of a one-item-per-line box. */
export function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export const PRICE_NOT_A_NUMBER = 'Write each price as a number, e.g. 9, 19, 29, 39';

/** "9, 19, $29; 39" → [9, 19, 29, 39]; null for a part that is not a number. */
export function parsePrices(text: string): (number | null)[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      // A currency sign before or after the number is what people write; it is not the number.
      const bare = part.replace(/^[^\d.-]+|[^\d.]+$/g, '');
      const value = bare === '' ? Number.NaN : Number(bare);
      return Number.isFinite(value) ? value : null;
    });
}

const numberOrNothing = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The request's `spec` as the draft says it, before the schema has checked it. */
function draftSpecInput(draft: SpecDraft): unknown {
  switch (draft.type) {
    case 'opinion':
      return { type: 'opinion' };
    case 'scale':
      return {
        type: 'scale',
        points: draft.points,
        lowLabel: draft.lowLabel,
        highLabel: draft.highLabel,
        // Blank labels are left out: the schema then says to label every point or none.
        pointLabels: draft.labelEveryPoint
          ? draft.pointLabels
              .slice(0, draft.points)
              .map((label) => label.trim())
              .filter((label) => label.length > 0)
          : [],
      };
    case 'nps':
      return { type: 'nps' };
    case 'single_choice':
    case 'multiple_choice':
      return { type: draft.type, options: draft.options, noneOption: draft.noneOption };
    case 'number':
      return {
        type: 'number',
        unit: draft.unit,
        min: numberOrNothing(draft.min),
        max: numberOrNothing(draft.max),
      };
    case 'ranking':
      return { type: 'ranking', items: lines(draft.rankingItems) };
    case 'maxdiff':
      return { type: 'maxdiff', items: lines(draft.maxdiffItems), perSet: draft.perSet, sets: 0 };
    case 'price_ladder':
      return {
        type: 'price_ladder',
        offer: draft.offer,
        currency: draft.currency,
        period: draft.period,
        prices: parsePrices(draft.prices).map((value) => value ?? Number.NaN),
      };
    case 'price_range':
      return {
        type: 'price_range',
        offer: draft.offer,
        currency: draft.currency,
        period: draft.period,
        likelihood: draft.likelihood,
      };
  }
}

/**
 * Which field a message belongs under: `options.2` for the third option row,
 * the list's own name for an item of a one-per-line box or of the prices.
 */
export type SpecErrors = Partial<Record<string, string>>;

const rowFields = new Set(['options']);
const itemWords: Partial<Record<string, string>> = {
  items: 'Item',
  prices: 'Price',
  pointLabels: 'Point',
};

/**
 * The draft checked by the request's own schema: the spec to send (none for
 * an open opinion question), or each field's first message in the schema's words.
 */
export function checkDraft(
  draft: SpecDraft,
): { ok: true; spec: TypedQuestionSpec | undefined } | { ok: false; errors: SpecErrors } {
  // The open opinion question has no settings: the request goes without a spec.
  if (draft.type === 'opinion') return { ok: true, spec: undefined };
  const errors: SpecErrors = {};
  if (draft.type === 'price_ladder' && parsePrices(draft.prices).some((value) => value === null)) {
    errors.prices = PRICE_NOT_A_NUMBER;
  }
  const parsed = questionSpecSchema.safeParse(draftSpecInput(draft));
  if (parsed.success && Object.keys(errors).length === 0) {
    return { ok: true, spec: parsed.data.type === 'opinion' ? undefined : parsed.data };
  }
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [first, second] = issue.path;
    const name = typeof first === 'string' ? first : 'type';
    let field = name;
    let message = issue.message;
    if (typeof second === 'number') {
      if (rowFields.has(name)) field = `${name}.${second}`;
      else message = `${itemWords[name] ?? 'Entry'} ${second + 1}: ${message}`;
    }
    errors[field] ??= message;
  }
  return { ok: false, errors };
}

/** The messages of the fields each setting of the draft feeds. */
const fieldsOf: Partial<Record<keyof SpecDraft, readonly string[]>> = {
  rankingItems: ['items'],
  maxdiffItems: ['items', 'perSet'],
  perSet: ['perSet', 'sets'],
  min: ['min', 'max'],
  max: ['min', 'max'],
  points: ['points', 'pointLabels'],
  labelEveryPoint: ['pointLabels'],
};

/** The messages left once `change` is made: those of the fields it touched go. */
export function errorsAfterChange(errors: SpecErrors, change: Partial<SpecDraft>): SpecErrors {
  const touched = (Object.keys(change) as (keyof SpecDraft)[]).flatMap((key) => [
    ...(fieldsOf[key] ?? [key]),
    // The rows of a list are named `options.0`, `options.1` …
    `${key}.`,
  ]);
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([field]) =>
        !touched.some((name) => (name.endsWith('.') ? field.startsWith(name) : field === name)),
    ),
  );
}

/** The question a price question starts with, from its offer; the customer may reword it. */
export function suggestedQuestion(draft: SpecDraft): string | null {
  const offer = draft.offer.trim().replace(/[.!?]+$/, '');
  if (draft.type === 'price_ladder') return `Would you buy ${offer || 'it'} at this price?`;
  if (draft.type === 'price_range') return `What would you pay for ${offer || 'it'}?`;
  return null;
}
