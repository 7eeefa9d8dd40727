import type { Knex } from '@chorus/service-kit';
import type { PromoCodeRow, PromoCodeValues } from './rows';

const UNIQUE_VIOLATION = '23505';

/** A code that is already taken (codes are unique). */
export class PromoCodeTaken extends Error {}

/** The queries of promo codes: the admin's list and the customers' redemptions. */
export class PromoCodeStore {
  constructor(readonly db: Knex) {}

  /** Codes are stored upper-case; a customer may type them in any case. */
  find(code: string, trx: Knex = this.db): Promise<PromoCodeRow | undefined> {
    return trx<PromoCodeRow>('promo_codes').where({ code: code.trim().toUpperCase() }).first();
  }

  list(): Promise<PromoCodeRow[]> {
    return this.db<PromoCodeRow>('promo_codes').orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'code', order: 'asc' },
    ]);
  }

  async create(values: PromoCodeValues): Promise<PromoCodeRow> {
    try {
      const [row] = await this.db<PromoCodeRow>('promo_codes').insert(values).returning('*');
      return row!;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new PromoCodeTaken();
      throw error;
    }
  }

  /**
   * Deletes a code; subscriptions that started with it keep their discount
   * (their rows carry its percentage and months), only the link goes.
   * Undefined for an unknown code.
   */
  delete(id: string): Promise<PromoCodeRow | undefined> {
    return this.db.transaction(async (trx) => {
      const row = await trx<PromoCodeRow>('promo_codes').where({ id }).forUpdate().first();
      if (!row) return undefined;
      await trx('subscriptions').where({ promo_code_id: id }).update({ promo_code_id: null });
      await trx('promo_codes').where({ id }).delete();
      return row;
    });
  }

  /** Counts one use, unless the code ran out meanwhile; false when it did. */
  async use(trx: Knex, id: string): Promise<boolean> {
    const used = await trx('promo_codes')
      .where({ id })
      .andWhere((q) => q.whereNull('usage_limit').orWhereRaw('used_count < usage_limit'))
      .increment('used_count', 1);
    return Number(used) > 0;
  }
}
