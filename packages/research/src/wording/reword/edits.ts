// Edits to a question's text, and the tidying every rewording ends with.

/** Rewordings are questions of at most this many characters (the contract's limit). */
const MAX_REWORDING = 1_000;

export interface Edit {
  start: number;
  end: number;
  text: string;
}

export function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = text;
  let floor = Infinity;
  for (const edit of sorted) {
    if (edit.end > floor) continue;
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    floor = edit.start;
  }
  return out;
}

export const lowerFirst = (text: string) =>
  /^(?:I\b|[A-Z]{2,}|[A-Z][a-z]+[A-Z])/.test(text)
    ? text
    : text.charAt(0).toLowerCase() + text.slice(1);
export const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Tidies spacing and punctuation, and makes it one question ending in "?". */
export function tidy(text: string): string {
  let out = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.?!;:])/g, '$1')
    .replace(/,(\s*,)+/g, ',')
    .replace(/(?:[,;:]\s*)+([?.!])/g, '$1')
    .replace(/^[\s,;:.\-—–]+/, '')
    .replace(/\b(\w+)(\s+\1\b)+/gi, '$1')
    .trim();
  out = out
    .replace(/^(?:honestly|so|well|ok|okay|now|and|but|look),?\s+/i, '')
    .replace(
      /, (Would|Will|Do|Does|Did|Is|Are|Was|Were|Can|Could|Should|Have|Has) /g,
      (_all, aux: string) => `, ${aux.toLowerCase()} `,
    )
    .replace(/\b([Aa])n (?=[bcdfgjklmnpqrstvwxz])/g, '$1 ')
    .replace(/\b([Aa]) (?=[aio][a-z]|e(?![uw])[a-z])/g, '$1n ')
    .replace(/^please,? /i, '')
    .replace(
      /^(rate|tell|describe|share|explain|list|name|give|say)\b/i,
      (verb) => `Could you ${verb.toLowerCase()}`,
    );
  out = out
    .replace(/[.!]+$/, '')
    .replace(/\?+$/, '')
    .trim();
  out = out.replace(/[,;:\-—–]+$/, '').trim();
  if (out.length > MAX_REWORDING - 1) {
    out = out.slice(0, MAX_REWORDING - 1).replace(/\s+\S*$/, '');
  }
  return out ? `${upperFirst(out)}?` : '';
}
