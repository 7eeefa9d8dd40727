import { detect } from './detect';
import type { Hit } from './rules/tokens';
import { analyse } from './text';
import { tidy } from './reword/edits';
import { topicOf } from './reword/topic';
import { rewriteOnce, fallback } from './reword/rewrite';

export function findings(text: string): Hit[] {
  return detect(analyse(text));
}

/** A loaded either-or asked plainly: "Which would you choose: spreadsheets or our dashboard?" */
function choiceOf(text: string): string | undefined {
  const hit = findings(text).find((h) => h.kind === 'loaded-choice');
  if (!hit) return undefined;
  const part = text.slice(hit.start, hit.end);
  const link = /\b(?:or|versus|vs\.?|over|instead of|rather than|compared (?:to|with))\b/i.exec(
    part,
  );
  if (!link) return undefined;
  const before = part.slice(0, link.index);
  const after = part.slice(link.index + link[0].length);
  // "a reliable car or a cheap one that breaks down": one thing, described twice.
  const one = /\bones?\b/i;
  if (one.test(after) !== one.test(before)) {
    const described = topicOf(one.test(after) ? before : after)?.replace(/^(?:the|a|an) /i, '');
    // Its descriptions go too: "a modern, energy-efficient home" → "a home".
    const words = described ? analyse(described).flatMap((x) => x.tokens) : [];
    const noun = words.findIndex((x) => x.pos === 'NOUN' || x.pos === 'PROPN');
    const thing =
      noun < 0
        ? described
        : words
            .slice(noun)
            .map((x) => x.text)
            .join(' ');
    if (!thing || one.test(thing)) return undefined;
    return tidy(
      `What matters most to you when choosing ${/^[aeiou]/i.test(thing) ? 'an' : 'a'} ${thing}`,
    );
  }
  const left = topicOf(before);
  const right = topicOf(after);
  if (!left || !right || left === right) return undefined;
  return tidy(`Which would you choose: ${left} or ${right}`);
}

/** Whether a loaded either-or describes one thing twice ("…or a cheap one"). */
function describedTwice(text: string): boolean {
  const hit = findings(text).find((h) => h.kind === 'loaded-choice');
  return hit !== undefined && /\bor\b[^?]*\bones?\b/i.test(text.slice(hit.start, hit.end));
}

/** A neutral rewording: grammatical, free of findings. */
export function neutralise(text: string): string {
  // A loaded either-or is asked as a plain choice, not half-mended in place.
  if (describedTwice(text)) {
    const choice = choiceOf(text);
    if (choice && findings(choice).length === 0) return choice;
  }
  let current = text;
  for (let pass = 0; pass < 4; pass += 1) {
    const next = tidy(rewriteOnce(current));
    if (next === current || !next) break;
    current = next;
    if (findings(current).length === 0) break;
  }
  const words = current
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (findings(current).length === 0 && words.length >= 4) return current;
  const choice = choiceOf(text);
  if (choice && findings(choice).length === 0) return choice;
  const plain = tidy(fallback(text));
  if (findings(plain).length === 0) return plain;
  return 'What do you think about this?';
}
