import { apiRequest } from '@chorus/platform';

/** The file name the server gave (Content-Disposition), else one made from the invoice. */
function fileName(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

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
  const response = await apiRequest('GET', invoice.downloadUrl);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName(response, `invoice-${invoice.number || invoice.id}.pdf`);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel a download that has not started reading the blob yet.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
