import type { ReportBlock, ReportChart, ReportTable, StudyReport } from './study-report/report';
import PDFDocument from 'pdfkit';

// The study report as a PDF: the same model as the Markdown export, laid out
// for reading and forwarding — a title, the question, bars of the shares with
// their intervals, then the sections with their tables and a typed
// question's bars; a study's questions each open a part on a new page.

const barColors: Record<string, string> = {
  positive: '#10b981',
  neutral: '#94a3b8',
  negative: '#ef4444',
};

/** Characters the PDF's standard fonts (WinAnsi) have beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('–—‘’“”•…€');

/** Text in the PDF's standard fonts: characters they lack become near equivalents, or "?". */
function printable(text: string): string {
  const near = text.replace(/≥/g, '>=').replace(/≤/g, '<=').replace(/→/g, '->').replace(/−/g, '-');
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

  let part: string | undefined;
  for (const section of report.sections) {
    if (section.part !== undefined && section.part !== part) {
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(16).fillColor('#111').text(printable(section.part), left);
    }
    part = section.part;
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
    // The footer sits in the bottom margin: without this, pdfkit starts a new page for it.
    doc.page.margins.bottom = 0;
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

interface BarRow {
  label: string;
  /** Where the bar starts and ends, and its interval's ends: fractions of the bar's width. */
  from: number;
  to: number;
  whisker?: { from: number; to: number };
  color: string;
  text: string;
}

/** Bars with their likely range as a line across each: the opinions' shares and a typed question's figures. */
function barRows(
  doc: PDFKit.PDFDocument,
  rows: readonly BarRow[],
  left: number,
  width: number,
  labelWidth = 70,
): void {
  const barWidth = width - labelWidth - 150;
  const at = (fraction: number) =>
    left + labelWidth + barWidth * Math.min(Math.max(fraction, 0), 1);
  for (const bar of rows) {
    if (doc.y > doc.page.height - 80) doc.addPage();
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(labelWidth > 70 ? 8 : 10)
      .fillColor('#111')
      .text(printable(bar.label), left, y + 2, {
        width: labelWidth - 4,
        height: 12,
        ellipsis: true,
      });
    doc.rect(left + labelWidth, y, barWidth, 12).fill('#f1f5f9');
    const start = at(Math.min(bar.from, bar.to));
    doc.rect(start, y, at(Math.max(bar.from, bar.to)) - start, 12).fill(bar.color);
    if (bar.whisker) {
      const from = at(bar.whisker.from);
      const to = at(bar.whisker.to);
      doc
        .moveTo(from, y + 6)
        .lineTo(to, y + 6)
        .lineWidth(1.5)
        .strokeColor('#111')
        .stroke();
      for (const end of [from, to]) {
        doc
          .moveTo(end, y + 3)
          .lineTo(end, y + 9)
          .lineWidth(1)
          .strokeColor('#111')
          .stroke();
      }
    }
    doc
      .font('Helvetica')
      .fontSize(labelWidth > 70 ? 9 : 10)
      .fillColor('#111')
      .text(printable(bar.text), left + labelWidth + barWidth + 8, y + 2, { width: 142 });
    doc.y = Math.max(doc.y, y + 18);
  }
  doc.x = left;
}

/** One bar per opinion: the share of all answers, with its likely range as a line. */
function bars(doc: PDFKit.PDFDocument, report: StudyReport, left: number, width: number): void {
  barRows(
    doc,
    report.shares.map((share) => ({
      label: share.label,
      from: 0,
      to: (share.draws?.share ?? share.personas) / 100,
      ...(share.draws
        ? { whisker: { from: share.draws.low / 100, to: share.draws.high / 100 } }
        : {}),
      color: barColors[share.opinion] ?? '#64748b',
      text: share.draws
        ? `${share.draws.share}% (likely ${share.draws.low}-${share.draws.high}%)`
        : `${share.personas}%`,
    })),
    left,
    width,
  );
}

/** A typed question's bars: each figure from zero (or the axis' low end), its interval as a whisker. */
function chart(doc: PDFKit.PDFDocument, data: ReportChart, left: number, width: number): void {
  const [low, high] = data.domain;
  const span = high - low || 1;
  const fraction = (value: number) => (value - low) / span;
  const zero = fraction(Math.min(Math.max(0, low), high));
  if (doc.y > doc.page.height - 120) doc.addPage();
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#333').text(printable(data.title), left);
  doc.moveDown(0.3);
  barRows(
    doc,
    data.bars.map((bar) => ({
      label: bar.label,
      from: zero,
      to: fraction(bar.value),
      ...(bar.low !== undefined && bar.high !== undefined
        ? { whisker: { from: fraction(bar.low), to: fraction(bar.high) } }
        : {}),
      color: bar.value < 0 ? '#ef4444' : '#6366f1',
      text: bar.text,
    })),
    left,
    width,
    130,
  );
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
  for (const data of block.charts ?? []) chart(doc, data, left, width);
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
