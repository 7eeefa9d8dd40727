import { FORMULA_START } from '@chorus/contracts';
import type { ReportTable, StudyReport } from './report';

// The study report as Markdown: headings, quotes, tables and paragraphs, every
// text escaped so a persona's words or an option's label show as written.

/** A cell that a spreadsheet would run as a formula, made plain text (a leading quote) for export. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Characters Markdown reads as formatting anywhere in a line, escaped. */
function escapeInline(text: string): string {
  return text.replace(/([\\`*_{}[\]()#+!|<>~])/g, '\\$1');
}

/** Text in Markdown, shown as written: formatting characters and list markers at a line's start escaped. */
function markdownText(text: string): string {
  return escapeInline(text.replace(/\r\n?/g, '\n'))
    .replace(/^(\s*)-/gm, '$1\\-')
    .replace(/^(\s*\d+)\./gm, '$1\\.');
}

/** A table cell: escaped, on one line, and never read as a formula by a spreadsheet it is pasted into. */
function markdownCell(text: string): string {
  const oneLine = text.replace(/\s*\n\s*/g, ' ');
  return escapeInline(neutraliseCell(oneLine));
}

function markdownTable(table: ReportTable): string[] {
  return [
    `| ${table.columns.map(markdownCell).join(' | ')} |`,
    `| ${table.columns.map(() => '---').join(' | ')} |`,
    ...table.rows.map((row) => `| ${row.map(markdownCell).join(' | ')} |`),
  ];
}

/** The report as Markdown. */
export function studyReportMarkdown(report: StudyReport): string {
  const lines: string[] = [
    `# ${markdownText(report.title)}`,
    '',
    `_${markdownText(report.subtitle)}_`,
  ];
  let part: string | undefined;
  for (const section of report.sections) {
    // A study's questions each open a part; their sections sit one level below it.
    if (section.part !== undefined && section.part !== part) {
      lines.push('', `## ${markdownText(section.part)}`);
    }
    part = section.part;
    const level = section.part === undefined ? '##' : '###';
    lines.push('', `${level} ${markdownText(section.heading)}`);
    for (const block of section.blocks) {
      if (block.heading) lines.push('', `${level}# ${markdownText(block.heading)}`);
      if (block.quote) {
        lines.push(
          '',
          ...markdownText(block.quote)
            .split('\n')
            .map((line) => `> ${line}`),
        );
      }
      if (block.table) lines.push('', ...markdownTable(block.table));
      for (const paragraph of block.paragraphs ?? []) lines.push('', markdownText(paragraph));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Text as a file name's part: lower case, ASCII letters and digits joined by hyphens, at most 60 characters. */
export function fileSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** "study-report-acme-would-you-pay.md" */
export function studyReportFileName(
  productName: string,
  questionText: string,
  extension: 'md' | 'pdf',
): string {
  const slug = fileSlug(`${productName} ${questionText}`);
  return `study-report${slug ? `-${slug}` : ''}.${extension}`;
}
