import { z } from 'zod';
import type { AuditEntryView } from './teams';

/**
 * The admin area's words: the spec's toasts (section 8) and the server's
 * answers they show as "server message".
 */
export const adminMessages = {
  // The spec's texts.
  loginSuccessful: 'Login successful',
  loginFailed: 'Login failed',
  loginError: 'Login error',
  loginFieldsRequired: 'Please enter your email and password',
  promoCreated: 'Promo code created successfully',
  promoCreateFailed: 'Failed to create promo code',
  promoCreateError: 'Error creating promo code',
  promoDeleted: 'Promo code deleted successfully',
  promoDeleteFailed: 'Failed to delete promo code',
  promoDeleteError: 'Error deleting promo code',
  templateCreated: 'Persona template created successfully',
  templateCreateFailed: 'Failed to create persona template',
  templateDeleted: 'Persona template deleted successfully',
  templateDeleteFailed: 'Failed to delete persona template',
  syncFailed: 'Sync failed',
  syncFailedFallback: 'Failed to sync personas from YAML file',
  syncError: 'Sync error: An error occurred while syncing personas.',
  synced: (imported: number, updated: number) =>
    `Personas synchronized successfully! (${imported} new personas imported, ${updated} existing personas updated)`,
  // The server's answers.
  promoCodeRequired: 'Promo code is required',
  promoCodeTooLong: 'Promo code must be at most 50 characters',
  promoCodeTaken: (code: string) => `A promo code named ${code} already exists`,
  promoCodeNotFound: 'Promo code not found',
  discountOutOfRange: 'Discount must be between 0 and 100 percent',
  durationOutOfRange: 'Duration must be between 1 and 120 months',
  usageLimitOutOfRange: 'Usage limit must be a whole number of at least 1',
  invalidExpiry: 'Expiry must be a valid date',
  promoUnknown: 'This promo code does not exist.',
  promoInactive: 'This promo code is no longer active.',
  promoExpired: 'This promo code has expired.',
  promoUsedUp: 'This promo code has reached its usage limit.',
  promoNoDiscount: 'This promo code gives no discount.',
} as const;

const MAX_PROMO_CODE_LENGTH = 50;
const MAX_PROMO_DURATION_MONTHS = 120;

/**
 * An integer as the admin form parses it (parseInt: "12.7" is 12, "abc" is
 * NaN); numbers are truncated. NaN when there is nothing to read.
 */
export function parseFormInteger(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : NaN;
  if (typeof value === 'string') return Number.parseInt(value.trim(), 10);
  return NaN;
}

/** A promo code as the admin form sends it (any field may be text, a number or missing). */
export interface PromoCodeForm {
  code?: unknown;
  discountPercent?: unknown;
  durationMonths?: unknown;
  description?: unknown;
  usageLimit?: unknown;
  expiresAt?: unknown;
  isActive?: unknown;
}

interface PromoCodeInput {
  code: string;
  discountPercent: number;
  durationMonths: number;
  description: string | null;
  usageLimit: number | null;
  expiresAt: Date | null;
  isActive: boolean;
}

type PromoCodeParse = { ok: true; value: PromoCodeInput } | { ok: false; message: string };

/**
 * The promo code rules (spec section 5), one function for the form and the
 * server: the code is trimmed and forced to upper case; the discount is an
 * integer, 0 when it is not one; the duration an integer, 1 when it is not
 * one; an empty usage limit is null (no limit); an empty expiry is null.
 * Values a stored code cannot have (a 150% discount, a negative limit) are
 * refused with a message rather than stored.
 */
export function parsePromoCode(form: PromoCodeForm): PromoCodeParse {
  const code = typeof form.code === 'string' ? form.code.trim().toUpperCase() : '';
  if (!code) return { ok: false, message: adminMessages.promoCodeRequired };
  if (code.length > MAX_PROMO_CODE_LENGTH) {
    return { ok: false, message: adminMessages.promoCodeTooLong };
  }

  const discount = parseFormInteger(form.discountPercent);
  const discountPercent = Number.isNaN(discount) ? 0 : discount;
  if (discountPercent < 0 || discountPercent > 100) {
    return { ok: false, message: adminMessages.discountOutOfRange };
  }

  const duration = parseFormInteger(form.durationMonths);
  const durationMonths = Number.isNaN(duration) ? 1 : duration;
  if (durationMonths < 1 || durationMonths > MAX_PROMO_DURATION_MONTHS) {
    return { ok: false, message: adminMessages.durationOutOfRange };
  }

  let usageLimit: number | null = null;
  const limitText =
    typeof form.usageLimit === 'string' ? form.usageLimit.trim() : (form.usageLimit ?? '');
  if (limitText !== '') {
    const limit = parseFormInteger(limitText);
    if (Number.isNaN(limit) || limit < 1) {
      return { ok: false, message: adminMessages.usageLimitOutOfRange };
    }
    usageLimit = limit;
  }

  let expiresAt: Date | null = null;
  if (form.expiresAt !== undefined && form.expiresAt !== null && form.expiresAt !== '') {
    const date =
      form.expiresAt instanceof Date
        ? new Date(form.expiresAt.getTime())
        : typeof form.expiresAt === 'string' || typeof form.expiresAt === 'number'
          ? new Date(form.expiresAt)
          : undefined;
    if (!date || Number.isNaN(date.getTime())) {
      return { ok: false, message: adminMessages.invalidExpiry };
    }
    expiresAt = date;
  }

  const description =
    typeof form.description === 'string' && form.description.trim()
      ? form.description.trim().slice(0, 500)
      : null;
  const isActive = typeof form.isActive === 'boolean' ? form.isActive : true;
  return {
    ok: true,
    value: { code, discountPercent, durationMonths, description, usageLimit, expiresAt, isActive },
  };
}

/** The facts of a stored code that decide whether a customer may use it now. */
export interface PromoCodeState {
  isActive: boolean;
  discountPercent: number;
  usageLimit: number | null;
  usedCount: number;
  expiresAt: Date | null;
}

/** POST /api/admin/promo-codes: the body is read by parsePromoCode. */
export const promoCodeRequest = z
  .object({
    code: z.unknown(),
    discountPercent: z.unknown(),
    durationMonths: z.unknown(),
    description: z.unknown(),
    usageLimit: z.unknown(),
    expiresAt: z.unknown(),
    isActive: z.unknown(),
  })
  .partial();

/** GET /api/admin/promo-codes rows. */
export interface PromoCodeView {
  id: string;
  code: string;
  discountPercent: number;
  durationMonths: number;
  description: string | null;
  usageLimit: number | null;
  usedCount: number;
  expiresAt: string | null;
  isActive: boolean;
  createdAt: string;
}

/** GET /api/admin/subscription-stats (money in dollars). */
export interface SubscriptionStats {
  totalUsers: number;
  monthlyRevenue: number;
  totalPersonas: number;
  averageRate: number;
  activeSubscriptions: number;
}

/** The team seats part of GET /api/admin/subscription-stats (money in dollars). */
export interface SeatStats {
  /** Billable team seats of the running subscriptions. */
  totalSeats: number;
  /** What those seats bring in per month (part of monthlyRevenue). */
  seatRevenue: number;
}

/**
 * GET /api/admin/seat-changes rows, newest first: a product's team audit
 * entry that changed its bill (a seat added +25.00 or removed -25.00).
 */
export interface SeatChangeView extends AuditEntryView {
  productId: string;
  productName: string;
}

/** GET /api/admin/revenue-history: one point per month, oldest first. */
export interface RevenuePoint {
  /** YYYY-MM */
  month: string;
  /** Paid invoices issued that month, in dollars. */
  revenue: number;
  /** Subscriptions that were running at some time in the month. */
  activeSubscriptions: number;
}

/** The admin action recorded at each sign-in. */
export const ADMIN_SIGN_IN_ACTION = 'admin.login';

/**
 * The kinds the audit log is read by: what operators changed (the default
 * view, sign-ins folded away), their sign-ins alone, or everything.
 */
const AUDIT_LOG_KINDS = ['changes', 'sign-ins', 'all'] as const;
export type AuditLogKind = (typeof AUDIT_LOG_KINDS)[number];

/** GET /api/admin/audit-log?kind=&limit= (kind defaults to all, as before it existed). */
export const auditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  kind: z
    .enum(AUDIT_LOG_KINDS, { error: 'kind must be changes, sign-ins or all' })
    .optional()
    .default('all'),
});

/** GET /api/admin/audit-log rows, newest first. */
export interface AuditEntry {
  id: string;
  adminId: string;
  adminEmail: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
  createdAt: string;
}

/** The admin form's persona template defaults (spec section 9). */
export const TEMPLATE_FORM_DEFAULTS = {
  age: 30,
  safetyScore: 50,
} as const;
