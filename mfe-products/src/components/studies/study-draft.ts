import {
  type BusinessProfileView,
  createStudyRequest,
  type CreateStudyRequest,
  type PricePeriod,
  questionTypeLabels,
} from '@chorus/contracts';
import {
  parsePrices,
  PRICE_NOT_A_NUMBER,
  PURCHASE_INTENT_HIGH,
  PURCHASE_INTENT_LOW,
  purchaseIntentLabels,
} from '../questions/typed/spec-draft';
import { DEFAULT_LADDER, ladderAround, profilePricing } from './profile-prices';

/** The linked questions a pricing study can hold, in the order they are asked. */
export const studyParts = ['ladder', 'range', 'nps', 'intent'] as const;
export type StudyPart = (typeof studyParts)[number];

export const studyPartLabels: Record<StudyPart, string> = {
  ladder: questionTypeLabels.price_ladder,
  range: questionTypeLabels.price_range,
  nps: questionTypeLabels.nps,
  intent: 'Purchase intent (5-point scale)',
};

/** What each question finds out, in plain words beside its checkbox. */
export const studyPartHints: Record<StudyPart, string> = {
  ladder: 'Would they buy at each price? Finds the price with the most revenue.',
  range: 'Which prices feel too cheap, a bargain, getting expensive, too expensive?',
  nps: 'How likely they are to recommend it, from 0 to 10.',
  intent: 'How likely they are to buy it, from "definitely would not" to "definitely would".',
};

/** The pricing study form as it is typed: text as typed, every field editable. */
export interface StudyDraft {
  name: string;
  offer: string;
  currency: string;
  period: PricePeriod;
  prices: string;
  likelihood: boolean;
  parts: Record<StudyPart, boolean>;
  /** A question's own wording once typed; null while it follows the offer. */
  texts: Record<StudyPart, string | null>;
}

/** Where the form's starting prices came from, said under the prices. */
export type PriceSource =
  { kind: 'profile'; anchor: number; fields: string[]; competitors: boolean } | { kind: 'default' };

const offerName = (offer: string) => offer.trim().replace(/[.!?]+$/, '') || 'it';

/** The question each part asks about the offer, until the customer words it differently. */
function partQuestion(part: StudyPart, offer: string): string {
  const it = offerName(offer);
  switch (part) {
    case 'ladder':
      return `Would you buy ${it} at this price?`;
    case 'range':
      return `What would you pay for ${it}?`;
    case 'nps':
      return `How likely are you to recommend ${it} to a friend or colleague?`;
    case 'intent':
      return `How likely are you to buy ${it}?`;
  }
}

/** The wording a part is asked with now: the customer's own, or the one from the offer. */
export function partText(draft: StudyDraft, part: StudyPart): string {
  return draft.texts[part] ?? partQuestion(part, draft.offer);
}

const MAX_OFFER = 300;

/** The offer in the profile's words: the product's name, then what it is. */
function offerOf(
  product: { name: string; description: string | null },
  profile: BusinessProfileView | null,
): string {
  const name = profile?.companyName?.trim() || product.name.trim();
  const what = (profile?.primaryProducts ?? product.description ?? '')
    .trim()
    .split(/\n|(?<=[.!?])\s/)[0]
    ?.trim()
    .replace(/[.!?]+$/, '');
  // "Chorus Pro, a planner…": a sentence's capital goes after the comma, an acronym's stays.
  const phrase =
    what && /^\p{Lu}(?:\p{Ll}|\s)/u.test(what) ? what[0]!.toLowerCase() + what.slice(1) : what;
  const offer = phrase && phrase.toLowerCase() !== name.toLowerCase() ? `${name}, ${phrase}` : name;
  return offer.length > MAX_OFFER ? `${offer.slice(0, MAX_OFFER - 1).trimEnd()}…` : offer;
}

/** A study's starting point from the product and its business profile (null: none yet). */
export function studyDraftFrom(
  product: { name: string; description: string | null },
  profile: BusinessProfileView | null,
): { draft: StudyDraft; source: PriceSource } {
  const pricing = profilePricing(profile);
  const prices = pricing ? ladderAround(pricing.anchor) : [...DEFAULT_LADDER];
  const draft: StudyDraft = {
    name: `Pricing of ${product.name.trim()}`.slice(0, 200),
    offer: offerOf(product, profile),
    currency: pricing?.currency ?? 'USD',
    period: pricing?.period ?? 'month',
    prices: prices.join(', '),
    likelihood: true,
    parts: { ladder: true, range: true, nps: true, intent: false },
    texts: { ladder: null, range: null, nps: null, intent: null },
  };
  return {
    draft,
    source: pricing
      ? {
          kind: 'profile',
          anchor: pricing.anchor,
          fields: pricing.fields,
          competitors: pricing.competitors,
        }
      : { kind: 'default' },
  };
}

/** The chosen parts, in the order they are asked. */
function chosenParts(draft: StudyDraft): StudyPart[] {
  return studyParts.filter((part) => draft.parts[part]);
}

function specInput(draft: StudyDraft, part: StudyPart): unknown {
  const offer = draft.offer;
  switch (part) {
    case 'ladder':
      return {
        type: 'price_ladder',
        offer,
        currency: draft.currency,
        period: draft.period,
        prices: parsePrices(draft.prices).map((value) => value ?? Number.NaN),
      };
    case 'range':
      return {
        type: 'price_range',
        offer,
        currency: draft.currency,
        period: draft.period,
        likelihood: draft.likelihood,
      };
    case 'nps':
      return { type: 'nps' };
    case 'intent':
      return {
        type: 'scale',
        points: 5,
        lowLabel: PURCHASE_INTENT_LOW,
        highLabel: PURCHASE_INTENT_HIGH,
        pointLabels: purchaseIntentLabels,
      };
  }
}

/** The request body as the draft says it, before the schema has checked it. */
function studyBodyInput(draft: StudyDraft): unknown {
  return {
    name: draft.name,
    offer: draft.offer,
    questions: chosenParts(draft).map((part) => ({
      questionText: partText(draft, part),
      spec: specInput(draft, part),
    })),
  };
}

/**
 * Which field a message belongs under: name, offer, currency, period, prices,
 * `text.{part}` for a question's wording, or `questions` for the study as a whole.
 */
export type StudyErrors = Partial<Record<string, string>>;

/** The draft checked by the request's own schema: the body to send, or each field's first message. */
export function checkStudy(
  draft: StudyDraft,
): { ok: true; body: CreateStudyRequest } | { ok: false; errors: StudyErrors } {
  const errors: StudyErrors = {};
  const parts = chosenParts(draft);
  if (draft.parts.ladder && parsePrices(draft.prices).some((value) => value === null)) {
    errors.prices = PRICE_NOT_A_NUMBER;
  }
  const parsed = createStudyRequest.safeParse(studyBodyInput(draft));
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [first, index, kind, setting, item] = issue.path;
    let field = typeof first === 'string' ? first : 'questions';
    let message = issue.message;
    if (first === 'questions' && typeof index === 'number') {
      const part = parts[index];
      if (kind === 'questionText' && part) field = `text.${part}`;
      else if (kind === 'spec' && typeof setting === 'string') {
        // Every price question shares the study's offer, currency and period.
        field = setting;
        if (setting === 'prices' && typeof item === 'number') {
          message = `Price ${item + 1}: ${message}`;
        }
      }
    }
    errors[field] ??= message;
  }
  return { ok: false, errors };
}
