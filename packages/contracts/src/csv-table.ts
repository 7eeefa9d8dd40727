import Papa from 'papaparse';

export type CsvTable =
  | {
      ok: true;
      /** The header row as written (trimmed). */
      header: string[];
      /** The header row trimmed and in lower case, for finding columns by name. */
      names: string[];
      rows: string[][];
    }
  | { ok: false; message: string };

/**
 * An uploaded CSV as a header and rows, read the one way every upload is read:
 * a UTF-8 BOM dropped, blank lines skipped, quoted fields (commas and line
 * breaks inside them) kept whole, and every cell left as text.
 */
export function readCsvTable(csv: string): CsvTable {
  const body = csv.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: false, message: 'The file is empty.' };
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) {
    return {
      ok: false,
      message: `The file is not readable CSV: a quoted field is not closed (row ${(fatal.row ?? 0) + 1}).`,
    };
  }
  const [first, ...rows] = parsed.data;
  if (!first) return { ok: false, message: 'The file is empty.' };
  const header = first.map((h) => h.trim());
  return { ok: true, header, names: header.map((h) => h.toLowerCase()), rows };
}

/** A cell that a spreadsheet would run as a formula (CSV injection), made plain text for export. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
