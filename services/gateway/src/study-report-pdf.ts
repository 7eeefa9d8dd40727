import type { ReportBlock, ReportTable, StudyReport } from './study-report/model';
import PDFDocument from 'pdfkit';

// The study report as a PDF: the same model as the Markdown export, laid out
// for reading and forwarding — a title, the question, bars of the shares with
// their intervals, then the sections with their tables.

const barColors: Record<string, string> = {
  positive: '#10b981',
  neutral: '#94a3b8',
  negative: '#ef4444',
};

/** Characters the PDF's standard fonts (WinAnsi) have beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('–—‘’“”•…€');

/** Text in the PDF's standard fonts: characters they lack become near equivalents, or "?". */
function printable(text: string): string {
  const near = text.replace(/≥/g, '>=').replace(/≤/g, '<=').replace(/→/g, '->');
  let out = '';
  for (const char of near) {
    const code = char.codePointAt(0) ?? 0;
    out += char === '\n' || (code >= 0x20 && code <= 0xff) || WIN_ANSI_EXTRA.has(char) ? char : '?';
  }
  return out;
}

export function renderStudyReportPdf(report: StudyReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: {
      Title: printable(report.title),
      Author: 'Chorus',
      Subject: printable(report.questionText),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111').text(printable(report.title), left);
  doc.font('Helvetica').fontSize(9).fillColor('#666').text(printable(report.subtitle));
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#111').text(printable(report.questionText));
  doc.moveDown(0.8);
  bars(doc, report, left, width);

  for (const section of report.sections) {
    if (doc.y > doc.page.height - 160) doc.addPage();
    doc.moveDown(0.8);
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor('#4338ca')
      .text(printable(section.heading), left);
    doc.moveDown(0.3);
    for (const block of section.blocks) renderBlock(doc, block, left, width);
  }

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#888')
      .text(`Page ${i + 1} of ${range.count}`, left, doc.page.height - 40, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

/** One bar per opinion: the share of all answers, with its likely range as a line. */
function bars(doc: PDFKit.PDFDocument, report: StudyReport, left: number, width: number): void {
  const labelWidth = 70;
  const barWidth = width - labelWidth - 150;
  for (const share of report.shares) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#111')
      .text(share.label, left, y + 2, {
        width: labelWidth,
      });
    doc.rect(left + labelWidth, y, barWidth, 12).fill('#f1f5f9');
    doc
      .rect(left + labelWidth, y, (barWidth * (share.draws?.share ?? share.personas)) / 100, 12)
      .fill(barColors[share.opinion] ?? '#64748b');
    if (share.draws) {
      const from = left + labelWidth + (barWidth * share.draws.low) / 100;
      const to = left + labelWidth + (barWidth * share.draws.high) / 100;
      doc
        .moveTo(from, y + 6)
        .lineTo(to, y + 6)
        .lineWidth(1.5)
        .strokeColor('#111')
        .stroke();
    }
    doc
      .fillColor('#111')
      .text(
        share.draws
          ? `${share.draws.share}% (likely ${share.draws.low}-${share.draws.high}%)`
          : `${share.personas}%`,
        left + labelWidth + barWidth + 8,
        y + 2,
        { width: 142 },
      );
    doc.y = Math.max(doc.y, y + 18);
  }
  doc.x = left;
}

function renderBlock(doc: PDFKit.PDFDocument, block: ReportBlock, left: number, width: number) {
  if (block.heading) {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.4);
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#111').text(printable(block.heading), left);
  }
  if (block.quote) {
    doc.moveDown(0.2);
    doc
      .font('Helvetica-Oblique')
      .fontSize(10)
      .fillColor('#333')
      .text(`“${printable(block.quote)}”`, left + 12, doc.y, { width: width - 12 });
  }
  if (block.table) table(doc, block.table, left, width);
  for (const paragraph of block.paragraphs ?? []) {
    doc.moveDown(0.2);
    doc.font('Helvetica').fontSize(10).fillColor('#111').text(printable(paragraph), left, doc.y, {
      width,
    });
  }
  doc.x = left;
}

function table(doc: PDFKit.PDFDocument, data: ReportTable, left: number, width: number): void {
  const columnWidth = width / data.columns.length;
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - 80) doc.addPage();
    const top = doc.y;
    let bottom = top;
    cells.forEach((cell, index) => {
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor('#111')
        .text(printable(cell), left + index * columnWidth, top, { width: columnWidth - 6 });
      bottom = Math.max(bottom, doc.y);
    });
    doc
      .moveTo(left, bottom + 2)
      .lineTo(left + width, bottom + 2)
      .lineWidth(0.5)
      .strokeColor('#ddd')
      .stroke();
    doc.y = bottom + 5;
  };
  doc.moveDown(0.3);
  row(data.columns, true);
  for (const cells of data.rows) row(cells, false);
  doc.x = left;
}
