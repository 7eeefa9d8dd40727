import { adminMessages, parsePromoCode } from '@chorus/contracts';
import { AlreadyExists, InvalidArgument, NotFound } from '@chorus/service-kit';
import { type PromoCodeRow, type PromoCodeStore, PromoCodeTaken } from './store';
import { promoCodeRefusal } from './domain/promo-codes';

interface PromoCodeDraft {
  code: string;
  discountPercent: number;
  durationMonths: number;
  description: string;
  usageLimit?: number;
  expiresAt?: Date;
  isActive: boolean;
}

/**
 * Promo codes: the operators' list, and the customers' redemptions. A
 * code is read by contracts' parsePromoCode, the rule the admin form
 * applies too; whether a customer may use it now is promoCodeRefusal
 * (domain/promo-codes.ts).
 */
export class PromoCodes {
  constructor(private readonly deps: { promoCodes: PromoCodeStore; now: () => Date }) {}

  list(): Promise<PromoCodeRow[]> {
    return this.deps.promoCodes.list();
  }

  async create(draft: PromoCodeDraft): Promise<PromoCodeRow> {
    // The same rules as the form; the gateway already applied them, and they
    // are idempotent, so a second reading changes nothing but guards the table.
    const parsed = parsePromoCode({
      code: draft.code,
      discountPercent: draft.discountPercent,
      durationMonths: draft.durationMonths,
      description: draft.description,
      usageLimit: draft.usageLimit ?? null,
      expiresAt: draft.expiresAt ?? null,
      isActive: draft.isActive,
    });
    if (!parsed.ok) throw new InvalidArgument(parsed.message);
    const value = parsed.value;
    try {
      return await this.deps.promoCodes.create({
        code: value.code,
        discount_percent: value.discountPercent,
        duration_months: value.durationMonths,
        description: value.description,
        usage_limit: value.usageLimit,
        expires_at: value.expiresAt,
        is_active: value.isActive,
      });
    } catch (error) {
      if (error instanceof PromoCodeTaken) {
        throw new AlreadyExists(adminMessages.promoCodeTaken(value.code));
      }
      throw error;
    }
  }

  /** Subscriptions that started with the code keep their discount. */
  async delete(id: string): Promise<PromoCodeRow> {
    const row = await this.deps.promoCodes.delete(id);
    if (!row) throw new NotFound(adminMessages.promoCodeNotFound);
    return row;
  }

  /** The code if a customer may use it now; INVALID_ARGUMENT with the reason otherwise. */
  async usable(code: string): Promise<PromoCodeRow> {
    const row = code.trim() ? await this.deps.promoCodes.find(code) : undefined;
    const refusal = promoCodeRefusal(
      row && {
        isActive: row.is_active,
        discountPercent: row.discount_percent,
        usageLimit: row.usage_limit,
        usedCount: row.used_count,
        expiresAt: row.expires_at,
      },
      this.deps.now(),
    );
    if (refusal || !row) throw new InvalidArgument(refusal ?? adminMessages.promoUnknown);
    return row;
  }
}
