import { formatMoney } from '@chorus/contracts';
import PDFDocument from 'pdfkit';
import type { InvoiceRow } from './store';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const statusWords: Record<InvoiceRow['status'], string> = {
  paid: 'Paid',
  pending: 'Payment pending',
  failed: 'Payment failed',
};

/** The PDF of an invoice billing keeps itself (the local provider's invoices). */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  billedTo: { email: string; name: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: 'Chorus',
      CreationDate: invoice.issued_at,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (cents: number) => formatMoney(cents, invoice.currency.toUpperCase());
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(22).text('Chorus', left, 56);
  doc.font('Helvetica').fontSize(10).fillColor('#555').text('AI customer personas and roadmaps');
  doc
    .fillColor('#000')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text('Invoice', left, 56, { align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Number: ${invoice.number || invoice.id}`, { align: 'right' })
    .text(`Issued: ${dateFormat.format(invoice.issued_at)}`, { align: 'right' })
    .text(`Status: ${statusWords[invoice.status]}`, { align: 'right' });

  doc.moveDown(2);
  doc.font('Helvetica-Bold').text('Billed to', left);
  doc.font('Helvetica');
  if (billedTo.name) doc.text(billedTo.name);
  doc.text(billedTo.email);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Service');
  doc.font('Helvetica').text(invoice.description);
  doc.text(
    `Period: ${dateFormat.format(invoice.period_start)} – ${dateFormat.format(invoice.period_end)}`,
  );

  doc.moveDown(2);
  const tableTop = doc.y;
  doc.font('Helvetica-Bold').text('Description', left, tableTop);
  doc.text('Qty', right - 160, tableTop, { width: 40, align: 'right' });
  doc.text('Amount', right - 100, tableTop, { width: 100, align: 'right' });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .stroke();
  doc.font('Helvetica');
  let y = doc.y + 10;
  // Lines as billed: the plan, extra personas, "Team seats × N", seat
  // prorations ("Team seat proration: …", a credit when a seat left), the
  // discount. A long description wraps; the next line starts below it.
  for (const line of invoice.lines) {
    doc.text(line.description, left, y, { width: right - left - 170 });
    const below = doc.y;
    doc.text(String(line.quantity), right - 160, y, { width: 40, align: 'right' });
    doc.text(money(line.amountCents), right - 100, y, { width: 100, align: 'right' });
    y = Math.max(below, doc.y) + 6;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  const totals: [string, number][] = [['Total', invoice.amount_cents]];
  if (invoice.status === 'paid') totals.push(['Amount paid', invoice.amount_cents]);
  doc.font('Helvetica-Bold');
  y += 8;
  for (const [label, cents] of totals) {
    doc.text(label, left, y);
    doc.text(money(cents), right - 100, y, { width: 100, align: 'right' });
    y = doc.y + 4;
  }
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#777')
    .text(`Invoice ${invoice.id}`, left, doc.page.height - 80, { align: 'center' });
  doc.end();
  return done;
}
