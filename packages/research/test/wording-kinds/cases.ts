// Shared cases for the per-kind tests: questions a kind's rule must flag
// (with a part of the phrase it must find) and neutral look-alikes it must
// not flag. The rules are tested alone here; the wording model that weighs
// their findings has its own tests (wording-model.test.ts).
import { kindRules } from '../../src/wording/rules';
import type { KindRule } from '../../src/wording/rules/kind';
import { ruleHits } from '../../src/wording/detect';
import { analyse, normalise } from '../../src/wording/text';

/** The phrases of one kind the check finds in a question. */
function phrasesOf(rule: KindRule, text: string): string[] {
  const normal = normalise(text);
  return ruleHits(analyse(normal))
    .filter((hit) => hit.kind === rule.kind)
    .map((hit) => normal.slice(hit.start, hit.end));
}

export function kindCases(
  rule: KindRule,
  leading: readonly (readonly [question: string, inPhrase: string])[],
  neutral: readonly string[],
): void {
  describe(`the ${rule.kind} rule`, () => {
    it('is registered once, and its reason quotes the words found', () => {
      expect(kindRules.filter((r) => r.kind === rule.kind)).toEqual([rule]);
      expect(rule.why('these words')).toContain('"these words"');
    });

    it.each(leading)('flags %j, finding a phrase with %j', (question, inPhrase) => {
      const phrases = phrasesOf(rule, question);
      expect(phrases.some((phrase) => phrase.includes(inPhrase))).toBe(true);
      for (const phrase of phrases) expect(question).toContain(phrase);
    });

    it.each(neutral)('does not flag the look-alike %j', (question) => {
      expect(phrasesOf(rule, question)).toEqual([]);
    });
  });
}
