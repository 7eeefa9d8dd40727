/**
 * CSV as both sides read and write it: the browser reads an upload to
 * preview it and the gateway reads it again to check it (customer files,
 * real answers); the questions page and the gateway's share-link export
 * write CSV with the same quoting and formula guard.
 */
import Papa from 'papaparse';

type CsvTable =
  | {
      ok: true;
      /** The header row as written (trimmed). */
      header: string[];
      /** The header row trimmed and in lower case, for finding columns by name. */
      names: string[];
      rows: string[][];
    }
  | { ok: false; message: string };

/** What a CSV table is, said after every refusal of a file that is not one. */
export const csvExpected =
  'Upload a CSV table: text with a header row of column names and one row per person, values separated by commas (in a spreadsheet, "Save as" or "Download as" CSV).';

export const csvMessages = {
  empty: 'The file is empty.',
  /** Binary content (a picture, a PDF, a spreadsheet file) renamed .csv. */
  notText: `This file is not a CSV table: it looks like a picture or another kind of file. ${csvExpected}`,
  /** A quote opened and never closed: the rows cannot be told apart. */
  brokenQuotes: (row: number) =>
    `This file is not a CSV table: from row ${row} on, a quotation mark opens a value that never ends, so the rows cannot be told apart. Check the quotation marks in that row, or save the sheet as CSV again.`,
} as const;

/** Control characters no text file holds (tab, line breaks and form feed aside), or many undecodable bytes. */
function isBinary(text: string): boolean {
  const head = text.slice(0, 8_000);
  if (head.length === 0) return false;
  // eslint-disable-next-line no-control-regex -- looking for exactly these bytes
  const control = head.match(/[\u0000-\u0008\u000E-\u001A\u001C-\u001F\uFFFD]/g)?.length ?? 0;
  return control > 0 && (head.includes('\u0000') || control / head.length > 0.01);
}

/**
 * An uploaded CSV as a header and rows, read the one way every upload is read:
 * a UTF-8 BOM dropped, blank lines skipped, quoted fields (commas and line
 * breaks inside them) kept whole, and every cell left as text. A file that is
 * not text, or whose quotes never close, is refused in plain words, saying
 * what is expected. A formula stays text: nothing is evaluated, and exports
 * neutralise it (neutraliseCell).
 */
export function readCsvTable(csv: string): CsvTable {
  const body = csv.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: false, message: csvMessages.empty };
  if (isBinary(body)) return { ok: false, message: csvMessages.notText };
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) return { ok: false, message: csvMessages.brokenQuotes((fatal.row ?? 0) + 1) };
  const [first, ...rows] = parsed.data;
  if (!first) return { ok: false, message: csvMessages.empty };
  const header = first.map((h) => h.trim());
  return { ok: true, header, names: header.map((h) => h.toLowerCase()), rows };
}

/**
 * The one spreadsheet-formula guard (CSV injection): a cell starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is one a spreadsheet would
 * run. Every export (CSV, and Markdown tables pasted into a sheet) uses it.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** Papaparse's writer with the house guard: RFC 4180 quoting, CRLF line ends. */
const unparseOptions = { newline: '\r\n', escapeFormulae: FORMULA_START } as const;

/** Rows to CSV text with papaparse: comma-separated cells, CRLF line ends (RFC 4180). */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return (
    Papa.unparse(
      rows.map((row) => [...row]),
      unparseOptions,
    ) + '\r\n'
  );
}
