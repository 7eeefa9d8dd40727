import { type BillingHistoryRow, formatBillingDate, formatDollars } from '@chorus/contracts';
import { analytics, toast } from '@chorus/platform';
import { Button, Card } from '@chorus/platform/ui';
import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { downloadInvoice } from '../invoice-download';
import { InvoiceStatusBadge } from './StatusBadges';
import { refusalMessage } from '../messages';
import { invoiceBreakdown } from '../billing-page';

function DownloadButton({ invoice }: { invoice: BillingHistoryRow & { downloadUrl: string } }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    analytics.billingInteraction('download_invoice');
    try {
      await downloadInvoice(invoice);
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: refusalMessage(error) ?? 'Unable to download the invoice. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={busy}
      onClick={() => void download()}
      aria-label={`Download invoice ${invoice.number || invoice.description}`}
    >
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      <span className="hidden sm:inline">Download</span>
    </Button>
  );
}

/** The lines under an invoice that bills team seats (see invoiceBreakdown); nothing otherwise. */
function InvoiceLines({ invoice }: { invoice: BillingHistoryRow }) {
  const lines = invoiceBreakdown(invoice.lines);
  if (lines.length === 0) return null;
  return (
    <ul
      className="mt-1 grid gap-0.5 text-xs text-muted-foreground"
      aria-label={`Lines of ${invoice.number || invoice.description}`}
    >
      {lines.map((line, index) => (
        <li key={index} className="flex justify-between gap-3">
          <span>{line.description}</span>
          <span className="whitespace-nowrap tabular-nums">
            {formatDollars(line.amount, invoice.currency || 'USD')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The invoices of every product, newest first, each downloadable as a PDF. */
export function BillingHistory({ invoices }: { invoices: BillingHistoryRow[] }) {
  return (
    <Card className="gap-0 overflow-hidden py-0">
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Billing history</caption>
          <thead className="border-b bg-muted/40 text-left text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 sm:px-6 font-medium">
                Description
              </th>
              <th scope="col" className="hidden px-4 py-3 sm:px-6 font-medium sm:table-cell">
                Date
              </th>
              <th scope="col" className="px-4 py-3 sm:px-6 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="px-4 py-3 sm:px-6 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 sm:px-6">
                <span className="sr-only">Invoice</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {invoices.map((invoice) => (
              <tr key={invoice.id} className="transition-colors hover:bg-muted/30">
                <td className="px-4 py-4 sm:px-6">
                  <p className="font-medium">{invoice.description}</p>
                  <p className="text-xs text-muted-foreground">
                    <span className="sm:hidden">
                      {formatBillingDate(invoice.date)}
                      {invoice.number ? ' · ' : ''}
                    </span>
                    {invoice.number}
                  </p>
                  <InvoiceLines invoice={invoice} />
                </td>
                <td className="hidden px-4 py-4 sm:px-6 whitespace-nowrap text-muted-foreground sm:table-cell">
                  {formatBillingDate(invoice.date)}
                </td>
                <td className="px-4 py-4 sm:px-6 text-right font-medium whitespace-nowrap tabular-nums">
                  {formatDollars(invoice.amount, invoice.currency || 'USD')}
                </td>
                <td className="px-4 py-4 sm:px-6">
                  <InvoiceStatusBadge status={invoice.status} />
                </td>
                <td className="px-4 py-4 sm:px-6 text-right">
                  {invoice.downloadUrl ? (
                    <DownloadButton invoice={{ ...invoice, downloadUrl: invoice.downloadUrl }} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
