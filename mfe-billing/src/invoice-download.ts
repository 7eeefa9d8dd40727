import { downloadFrom } from '@chorus/platform';

/** Whether the address is the app's own (the gateway's PDF route) rather than the provider's. */
function isOwnAddress(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

/**
 * Downloads an invoice. The gateway's PDF needs the bearer token, which a
 * plain link cannot send, so it is fetched and saved from memory; an
 * invoice the payment provider hosts (Stripe) opens at the provider.
 */
export async function downloadInvoice(invoice: {
  downloadUrl: string;
  number: string;
  id: string;
}): Promise<void> {
  if (!isOwnAddress(invoice.downloadUrl)) {
    window.open(invoice.downloadUrl, '_blank', 'noopener,noreferrer');
    return;
  }
  await downloadFrom(invoice.downloadUrl, `invoice-${invoice.number || invoice.id}.pdf`);
}
