import { billingMessages } from '@chorus/contracts';
import { NotFound } from '@chorus/service-kit';
import { renderInvoicePdf } from './invoice-pdf';
import type { PaymentProvider } from './providers/provider';
import { type BillingStore, holderName, type InvoiceRow } from './store';

/** The billing history: a user's invoices and their PDFs. */
export class Invoices {
  constructor(private readonly deps: { store: BillingStore; provider: PaymentProvider }) {}

  async list(userId: string): Promise<InvoiceRow[]> {
    await this.deps.provider.catchUp();
    return this.deps.store.invoicesOfUser(userId);
  }

  /** The provider's PDF address when it has one; otherwise billing renders the PDF. */
  async pdf(
    userId: string,
    invoiceId: string,
  ): Promise<{ pdf: Buffer; filename: string } | { url: string; filename: string }> {
    const { store } = this.deps;
    const invoice = await store.invoiceOfUser(userId, invoiceId);
    if (!invoice) throw new NotFound(billingMessages.invoiceNotFound);
    const filename = `invoice-${invoice.number || invoice.id}.pdf`;
    if (invoice.pdf_url) return { url: invoice.pdf_url, filename };
    const [holder, customer] = await Promise.all([
      store.accountHolder(userId),
      store.customer(userId),
    ]);
    const pdf = await renderInvoicePdf(invoice, {
      email: customer?.email ?? holder?.email ?? '',
      name: holderName(holder),
    });
    return { pdf, filename };
  }
}
