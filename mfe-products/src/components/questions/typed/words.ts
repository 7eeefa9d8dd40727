// How the typed questions' figures are written on the page: the shared words
// of @chorus/contracts (shares, prices, "likely between X and Y") and the page's own.
export { figure, likely, percent, periodWord, price, pricePer } from '@chorus/contracts';

/** A number as people write it: at most `digits` decimals, thousands grouped. */
export function amount(value: number, digits = 1): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
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
