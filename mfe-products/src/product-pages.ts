import {
  businessProfileFields,
  createPageIndustryOptions,
  industryOptions,
  industryValue,
  isProfileFieldAnswered,
  planFor,
  type ProfileField,
  profileMessages,
  type ProfileTab,
  type RoadmapSummary,
} from '@chorus/contracts';

/**
 * Rules of the products pages (dashboard, business profile, personas) that
 * are not the API's: how a product card names its industry and rate, which
 * fields a profile tab shows, what a profile value
 * reads as, when adding a persona asks first, and the roadmap card's totals.
 */

/** The product dashboard lists this many roadmaps; View All leads to the rest. */
export const DASHBOARD_ROADMAPS = 3;

/** The option label of a stored industry, or the stored text with capitals when it is not an option. */
export function industryLabel(value: string | null | undefined): string {
  const stored = industryValue(value);
  const option = [...industryOptions, ...createPageIndustryOptions].find(
    (label) => industryValue(label) === stored,
  );
  if (option) return option;
  return stored.replace(/(^|[\s-])(\p{L})/gu, (_m, lead: string, letter: string) =>
    lead.concat(letter.toUpperCase()),
  );
}

/** The product card's rate when a product comes without billing. */
const FALLBACK_MONTHLY_RATE = 100;

/** The rate a product card shows: the product's billing, or 100 when it has none. */
export function cardMonthlyRate(
  billing: { monthlyRate?: number | null } | null | undefined,
): number {
  return billing?.monthlyRate ?? FALLBACK_MONTHLY_RATE;
}

/** The business profile form's fields of one tab, in the catalogue's order. */
export function profileFieldsOfTab(tab: ProfileTab): readonly ProfileField[] {
  return businessProfileFields.filter((f) => f.tab === tab);
}

/** How the read-only profile shows a field: its value, "Unknown", or "Not specified". */
export function profileFieldDisplay(
  value: string | number | null | undefined,
  unknown: boolean | undefined,
): { text: string; given: boolean } {
  if (unknown) return { text: 'Unknown', given: false };
  if (!isProfileFieldAnswered(value, false)) {
    return { text: profileMessages.notSpecified, given: false };
  }
  return { text: String(value).trim(), given: true };
}

/** A stored value as the form's text: nothing given (null, or the 0 an empty entry became) is empty. */
export function profileFormText(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === 0) return '';
  return String(value);
}

/**
 * The form's text of a numeric field as the API and the completion rule take
 * it: a number when it reads as one ("0" is then unanswered, like the stored
 * 0), otherwise the text itself, so the server's refusal names the problem.
 */
export function profileNumberValue(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : text;
}

/** Adding a persona at or beyond the included count needs the customer's confirmation of the cost. */
export function needsPersonaCostConfirmation(
  selectedCount: number,
  product: { isLegacyPricing?: boolean },
): boolean {
  return selectedCount >= planFor(product).includedPersonas;
}

/** The roadmap card's summary line: features over all the product's roadmaps, completed and in progress. */
export function roadmapTotals(
  roadmaps: readonly Pick<RoadmapSummary, 'itemCount' | 'completedCount' | 'inProgressCount'>[],
): { features: number; completed: number; inProgress: number } {
  return roadmaps.reduce(
    (sum, r) => ({
      features: sum.features + r.itemCount,
      completed: sum.completed + r.completedCount,
      inProgress: sum.inProgress + r.inProgressCount,
    }),
    { features: 0, completed: 0, inProgress: 0 },
  );
}
