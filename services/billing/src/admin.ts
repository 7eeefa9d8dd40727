import { adminMessages, parsePromoCode, promoCodeRefusal } from '@chorus/contracts';
import { AlreadyExists, InvalidArgument, type Knex, NotFound } from '@chorus/service-kit';
import { isLive } from './domain/status';
import { subscriptionView } from './domain/subscription-view';
import { productFacts, subscriptionFacts } from './ledger';
import type { ProductRow, PromoCodeRow, SubscriptionRow } from './store';

export interface PromoCodeRecord extends PromoCodeRow {
  created_at: Date;
}

export interface PromoCodeDraft {
  code: string;
  discountPercent: number;
  durationMonths: number;
  description: string;
  usageLimit?: number;
  expiresAt?: Date;
  isActive: boolean;
}

export interface RevenueMonth {
  month: string;
  revenueCents: number;
  activeSubscriptions: number;
}

/** First day of the month `offset` months from `date`'s month, UTC. */
function monthStart(date: Date, offset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
}

function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

const UNIQUE_VIOLATION = '23505';

/**
 * The operators' side of billing: promo codes (the rules are contracts'
 * parsePromoCode and promoCodeRefusal, shared with the admin form), and the
 * revenue figures of the admin dashboard, priced by the same pricing rules
 * the customers' billing page uses.
 */
export class BillingAdmin {
  constructor(
    private readonly deps: {
      db: Knex;
      now: () => Date;
    },
  ) {}

  private get db(): Knex {
    return this.deps.db;
  }

  listPromoCodes(): Promise<PromoCodeRecord[]> {
    return this.db<PromoCodeRecord>('promo_codes').orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'code', order: 'asc' },
    ]);
  }

  async createPromoCode(draft: PromoCodeDraft): Promise<PromoCodeRecord> {
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
      const [row] = await this.db<PromoCodeRecord>('promo_codes')
        .insert({
          code: value.code,
          discount_percent: value.discountPercent,
          duration_months: value.durationMonths,
          description: value.description,
          usage_limit: value.usageLimit,
          expires_at: value.expiresAt,
          is_active: value.isActive,
        })
        .returning('*');
      return row!;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new AlreadyExists(adminMessages.promoCodeTaken(value.code));
      }
      throw error;
    }
  }

  /**
   * Deletes a code. Subscriptions that started with it keep their discount
   * (their rows carry its percentage and months), only the link goes.
   */
  async deletePromoCode(id: string): Promise<PromoCodeRecord> {
    return this.db.transaction(async (trx) => {
      const row = await trx<PromoCodeRecord>('promo_codes').where({ id }).forUpdate().first();
      if (!row) throw new NotFound(adminMessages.promoCodeNotFound);
      await trx('subscriptions').where({ promo_code_id: id }).update({ promo_code_id: null });
      await trx('promo_codes').where({ id }).delete();
      return row;
    });
  }

  /** The code if a customer may use it now; INVALID_ARGUMENT with the reason otherwise. */
  async checkPromoCode(code: string): Promise<PromoCodeRecord> {
    const row = code.trim()
      ? await this.db<PromoCodeRecord>('promo_codes')
          .where({ code: code.trim().toUpperCase() })
          .first()
      : undefined;
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

  /** What the running subscriptions bring in each month, priced by the pricing rules. */
  async revenueStats(): Promise<{
    monthlyRevenueCents: number;
    activeSubscriptions: number;
    averageRateCents: number;
  }> {
    const subscriptions = (await this.db<SubscriptionRow>('subscriptions')).filter((row) =>
      isLive(row.provider_status),
    );
    const products = new Map(
      (
        await this.db<ProductRow>('products')
          .whereIn(
            'id',
            subscriptions.map((row) => row.product_id),
          )
          .whereNull('deleted_at')
      ).map((product) => [product.id, product]),
    );
    const now = this.deps.now();
    let monthlyRevenueCents = 0;
    let activeSubscriptions = 0;
    for (const row of subscriptions) {
      const product = products.get(row.product_id);
      if (!product) continue;
      const view = subscriptionView(productFacts(product), subscriptionFacts(row), now);
      monthlyRevenueCents += view.monthlyRateCents;
      activeSubscriptions += 1;
    }
    return {
      monthlyRevenueCents,
      activeSubscriptions,
      averageRateCents: activeSubscriptions
        ? Math.round(monthlyRevenueCents / activeSubscriptions)
        : 0,
    };
  }

  /**
   * Per month, oldest first: the paid invoices issued in it, and the
   * subscriptions that were running at some time in it (started before its
   * end, not cancelled before its start).
   */
  async revenueHistory(months: number): Promise<RevenueMonth[]> {
    const count = Math.min(Math.max(months || 12, 1), 60);
    const now = this.deps.now();
    const first = monthStart(now, -(count - 1));
    const end = monthStart(now, 1);
    const [invoices, subscriptions] = await Promise.all([
      this.db('invoices')
        .where('status', 'paid')
        .andWhere('issued_at', '>=', first)
        .andWhere('issued_at', '<', end)
        .select(
          this.db.raw(
            `to_char(date_trunc('month', issued_at at time zone 'UTC'), 'YYYY-MM') as month`,
          ),
          this.db.raw('sum(amount_cents)::int as cents'),
        )
        .groupBy('month') as Promise<{ month: string; cents: number }[]>,
      // A subscription started with its first invoiced period (its row may be younger,
      // e.g. when it came from a provider event); never invoiced, when its row was made.
      this.db('subscriptions as s').select(
        's.canceled_at',
        's.provider_status',
        this.db.raw(
          `coalesce((select min(i.period_start) from invoices i
            where i.provider_subscription_id = s.provider_subscription_id), s.created_at) as started_at`,
        ),
      ) as Promise<
        (Pick<SubscriptionRow, 'canceled_at' | 'provider_status'> & { started_at: Date })[]
      >,
    ]);
    const revenue = new Map(invoices.map((row) => [row.month, Number(row.cents)]));
    return Array.from({ length: count }, (_, index) => {
      const start = monthStart(now, -(count - 1) + index);
      const stop = monthStart(now, -(count - 1) + index + 1);
      const running = subscriptions.filter(
        (s) =>
          s.started_at < stop &&
          (s.canceled_at ? s.canceled_at >= start : isLive(s.provider_status)),
      ).length;
      return {
        month: monthKey(start),
        revenueCents: revenue.get(monthKey(start)) ?? 0,
        activeSubscriptions: running,
      };
    });
  }
}
