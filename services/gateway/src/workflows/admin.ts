import type {
  PersonaTemplateView,
  PromoCodeView,
  SeatStats,
  SubscriptionStats,
} from '@chorus/contracts';
import type { CreatePromoCodeRequest } from '@chorus/proto/billing/v1/billing';
import type { CreateTemplateRequest } from '@chorus/proto/catalog/v1/personas';
import type { Logger } from '@chorus/service-kit';
import { dollars, toPromoCodeView, toSeatStats } from '../admin-views';
import type { Principal } from '../auth';
import { toTemplateView } from '../catalog-views';
import type { ServiceClients } from '../clients';

/**
 * The admin area's work across services: figures gathered from identity,
 * billing and catalog, and operator actions done in billing or catalog and
 * recorded in identity's audit log with who, what and when.
 */
export class AdminWorkflows {
  constructor(private readonly deps: { clients: ServiceClients; logger: Logger }) {}

  /**
   * Users (identity), running subscriptions priced by billing with their
   * team seats, selected personas (catalog).
   */
  async subscriptionStats(): Promise<SubscriptionStats & SeatStats> {
    const { identity, billing, catalog } = this.deps.clients;
    const [users, revenue, personas] = await Promise.all([
      identity.getUserStats({}),
      billing.getRevenueStats({}),
      catalog.getPersonaStats({}),
    ]);
    return {
      totalUsers: users.totalUsers,
      monthlyRevenue: dollars(revenue.monthlyRevenueCents),
      totalPersonas: personas.totalPersonas,
      averageRate: dollars(revenue.averageRateCents),
      activeSubscriptions: revenue.activeSubscriptions,
      ...toSeatStats(revenue),
    };
  }

  async createPromoCode(admin: Principal, request: CreatePromoCodeRequest): Promise<PromoCodeView> {
    const { promoCode } = await this.deps.clients.billing.createPromoCode(request);
    const view = toPromoCodeView(promoCode!);
    await this.audit(admin, 'promo_code.create', view.code, {
      id: view.id,
      discountPercent: view.discountPercent,
      durationMonths: view.durationMonths,
      usageLimit: view.usageLimit,
      expiresAt: view.expiresAt,
    });
    return view;
  }

  async deletePromoCode(admin: Principal, id: string): Promise<void> {
    const { promoCode } = await this.deps.clients.billing.deletePromoCode({ id });
    await this.audit(admin, 'promo_code.delete', promoCode?.code ?? id, {
      id,
      usedCount: promoCode?.usedCount ?? 0,
    });
  }

  async createTemplate(
    admin: Principal,
    request: CreateTemplateRequest,
  ): Promise<PersonaTemplateView> {
    const { template } = await this.deps.clients.catalog.createTemplate(request);
    const view = toTemplateView(template!);
    await this.audit(admin, 'persona_template.create', view.name, { id: view.id, age: view.age });
    return view;
  }

  /** The log names the template, which is gone afterwards: its name is read first. */
  async deleteTemplate(admin: Principal, templateId: string): Promise<void> {
    const { catalog } = this.deps.clients;
    const { templates } = await catalog.listAllTemplates({});
    const name = templates.find((t) => t.id === templateId)?.name;
    await catalog.deleteTemplate({ templateId });
    await this.audit(admin, 'persona_template.delete', name ?? templateId, { id: templateId });
  }

  async syncTemplates(admin: Principal): Promise<{ imported: number; updated: number }> {
    const { imported, updated } = await this.deps.clients.catalog.syncTemplates({});
    await this.audit(admin, 'persona_templates.sync', 'template library', { imported, updated });
    return { imported, updated };
  }

  /**
   * Writes the audit record of an action that happened. The action stands
   * even if the record cannot be written right now; that is logged loudly.
   */
  private async audit(
    admin: Principal,
    action: string,
    target: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    try {
      await this.deps.clients.identity.recordAdminAction({
        adminId: admin.id,
        adminEmail: admin.email,
        action,
        target,
        details,
      });
    } catch (error) {
      this.deps.logger.error(
        { err: error, adminId: admin.id, action, target },
        'audit record not written',
      );
    }
  }
}
