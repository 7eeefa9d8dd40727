import { seatMonthlyCents } from '@chorus/contracts';
import type { Knex } from '@chorus/service-kit';
import { auditState, billingImpactCents, type SeatState } from './domain/teams';
import type {
  AuditRow,
  CollaboratorRow,
  CollaboratorStore,
  SeatChangeRow,
} from './store/collaborators';
import type { ProductRow, ProductStore } from './store/products';

/** Who made a change, as the audit log names them. */
export interface Actor {
  userId: string;
  name: string;
}

/** A row's seat as the audit log and the billing impact read it. */
export const seatState = (row: CollaboratorRow): SeatState => ({
  role: row.role,
  status: row.invitation_status,
  permission: row.permissions?.permission ?? null,
  isActive: row.is_active,
});

/**
 * The team's books: every change to a member or invitation is logged with
 * its before and after and what it does to the monthly bill, and the
 * product's member and seat counts follow each change.
 */
export class TeamAudit {
  constructor(
    private readonly deps: {
      store: CollaboratorStore;
      products: ProductStore;
    },
  ) {}

  /** Logs one change, inside the change's transaction. */
  async record(
    trx: Knex.Transaction,
    product: ProductRow,
    after: CollaboratorRow,
    change: { action: string; actor: Actor; before: SeatState | null },
  ): Promise<void> {
    const seatCents = seatMonthlyCents({
      billingCycle: product.billing_cycle === 'annual' ? 'annual' : 'monthly',
      isLegacyPricing: product.is_legacy_pricing,
    });
    const impact = billingImpactCents(change.before, seatState(after), seatCents);
    await this.deps.store.audit(trx, {
      product_id: product.id,
      collaborator_id: after.id,
      action_type: change.action,
      action_by_user_id: change.actor.userId,
      action_by_name: change.actor.name.trim(),
      affected_email: after.email,
      previous_state: change.before ? JSON.stringify(auditState(change.before)) : null,
      new_state: JSON.stringify(auditState(seatState(after))),
      billing_impact: (impact / 100).toFixed(2),
    });
  }

  /** Keeps the product's member and seat counts; answers the seats. */
  async recount(trx: Knex.Transaction, productId: string): Promise<number> {
    const counts = await this.deps.store.counts(trx, productId);
    await this.deps.products.update(trx, productId, counts);
    return counts.billable_seats;
  }

  /** The product's log, newest first (the caller has checked who may read it). */
  of(productId: string): Promise<AuditRow[]> {
    return this.deps.store.auditOf(productId);
  }

  /** The admin area's list of seat changes on every product (the caller is an operator). */
  seatChanges(limit: number): Promise<SeatChangeRow[]> {
    // Expiring an invitation changes no bill: nothing to sweep first.
    return this.deps.store.seatChanges(limit);
  }
}
