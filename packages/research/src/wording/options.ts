import type { OptionFinding, TypedQuestionSpec } from '@chorus/contracts';
import { valence } from './lexicon/valence';

/**
 * The wording check of a typed question's answers: a scale whose labels lean
 * one way (more favourable points than unfavourable ones, or two ends that
 * say the same), and an option or item rated far more warmly or coldly than
 * the others beside it. Words are rated by the lexicon's valence (AFINN-165
 * and the praise and disparagement classes); a negation ("not", "never",
 * "n't") turns a label's rating round.
 */

const negation = /\b(not|never|no|none|hardly|neither)\b|n['’]t\b/i;
/** A word rated this strongly (AFINN's −5…5) makes an option loaded when the others are mild. */
const LOADED_AT = 3;

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];

/** How a label leans: its words' valence summed, turned round by a negation. */
export function labelLean(label: string): number {
  const ratings = wordsOf(label).map(valence);
  // "Neither good nor poor" names both sides: the middle of a scale.
  if (ratings.some((r) => r > 0) && ratings.some((r) => r < 0)) return 0;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  if (!negation.test(label)) return sum;
  // "Would not buy": a plain verb denied still leans away.
  return sum === 0 ? -1 : -sum;
}

/** The option's most strongly rated word and its rating. */
function strongest(text: string): { word: string; rating: number } | null {
  let found: { word: string; rating: number } | null = null;
  for (const word of wordsOf(text)) {
    const rating = valence(word);
    if (!found || Math.abs(rating) > Math.abs(found.rating)) found = { word, rating };
  }
  return found && found.rating !== 0 ? found : null;
}

function scaleFindings(spec: Extract<TypedQuestionSpec, { type: 'scale' }>): OptionFinding[] {
  const sign = (lean: number) => Math.sign(lean);
  if (spec.pointLabels.length === spec.points) {
    const leans = spec.pointLabels.map(labelLean);
    const favourable = leans.filter((l) => l > 0).length;
    const unfavourable = leans.filter((l) => l < 0).length;
    if (favourable !== unfavourable && favourable + unfavourable > 0) {
      const more = favourable > unfavourable ? 'favourable' : 'unfavourable';
      return [
        {
          where: 'scale',
          phrase: spec.pointLabels.join(' / '),
          why: `The scale has ${favourable} favourable ${favourable === 1 ? 'point' : 'points'} and ${unfavourable} unfavourable ${unfavourable === 1 ? 'one' : 'ones'}: it nudges people towards a ${more} answer. Give both sides the same number of points.`,
        },
      ];
    }
    return [];
  }
  const low = sign(labelLean(spec.lowLabel));
  const high = sign(labelLean(spec.highLabel));
  if (low !== 0 && low === high) {
    return [
      {
        where: 'scale',
        phrase: `${spec.lowLabel} … ${spec.highLabel}`,
        why: `Both ends of the scale are ${low > 0 ? 'favourable' : 'unfavourable'}: there is no way to answer the other way. Make the two ends opposites.`,
      },
    ];
  }
  return [];
}

function listFindings(options: readonly string[], what: string): OptionFinding[] {
  const rated = options.map((option) => ({ option, strong: strongest(option) }));
  const findings: OptionFinding[] = [];
  for (const { option, strong } of rated) {
    if (!strong || Math.abs(strong.rating) < LOADED_AT) continue;
    const others = rated.filter((r) => r.option !== option);
    // A list where every option is as warm (or cold) is even-handed, if gushing.
    const mild = others.every((r) => !r.strong || Math.abs(r.strong.rating) < LOADED_AT);
    if (!mild) continue;
    findings.push({
      where: what,
      phrase: option,
      why: `"${strong.word}" ${strong.rating > 0 ? 'praises' : 'runs down'} this ${what} while the others are described plainly, so people lean ${strong.rating > 0 ? 'towards' : 'away from'} it. Describe every ${what} in the same plain terms.`,
    });
  }
  return findings;
}

export function checkOptions(spec: TypedQuestionSpec): OptionFinding[] {
  switch (spec.type) {
    case 'scale':
      return scaleFindings(spec);
    case 'single_choice':
    case 'multiple_choice':
      return listFindings(spec.options, 'option');
    case 'ranking':
    case 'maxdiff':
      return listFindings(spec.items, 'item');
    default:
      return [];
  }
}
