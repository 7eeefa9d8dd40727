import { figure, likely, percent, periodWord, price, pricePer } from '@chorus/contracts';
import { type Estimate, questionTypeLabels, type QuestionType } from '@chorus/contracts';

export { figure, likely, percent, periodWord, price, pricePer };

// How the typed figures are written in a report, as the questions page writes
// them: shares as whole percentages, prices in their currency, every interval
// as "likely between X and Y", so a reader can quote the report and the page alike.

/** The range alone, for a table's column: "35% to 47%". */
export function range(estimate: Estimate, format: (value: number) => string): string {
  const low = format(estimate.low);
  const high = format(estimate.high);
  return low === high ? low : `${low} to ${high}`;
}

/** A number as people write it: at most `digits` decimals, thousands grouped. */
export function amount(value: number, digits = 1): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** A score with its sign: "+12", "−5", "0" (NPS, best–worst). */
export function signed(value: number): string {
  const rounded = Math.round(value);
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${-rounded}` : '0';
}

/**
 * A table cell's text that would start with "+": the sign dropped, since a
 * leading "+" is read as a formula by a spreadsheet the table is pasted into
 * and the report's cells guard against it.
 */
export function cell(text: string): string {
  return text.startsWith('+') ? text.slice(1) : text;
}

/** "A, B and C". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** "1 persona", "3 personas". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** What a type is called in a heading: its plain name, without the method in brackets. */
export function plainTypeName(type: QuestionType): string {
  return questionTypeLabels[type].replace(/\s*\(.*\)$/, '');
}
