import type { Sentence } from './text';
import type { Hit } from './rules/tokens';
import { kindRules } from './rules';
import { judge } from './model/judge';
import type { SentenceContext } from './rules/kind';

/** Every place where the wording steers the answer, by kind: the rules' findings weighed by the wording model. */
export function detect(sentences: Sentence[]): Hit[] {
  return judge(sentences, ruleHits(sentences));
}

/** What the rules alone find, one finding per kind and place. */
export function ruleHits(sentences: Sentence[]): Hit[] {
  const hits: Hit[] = [];
  sentences.forEach((sentence, index) => {
    const found: Hit[] = [];
    const context: SentenceContext = {
      sentences,
      index,
      previous: sentences[index - 1],
      next: sentences[index + 1],
      found,
    };
    for (const rule of kindRules) found.push(...rule.detect(sentence, context));
    hits.push(...found);
  });
  // One finding per kind and place.
  const kept: Hit[] = [];
  for (const hit of hits.sort((a, b) => a.start - b.start)) {
    if (kept.some((k) => k.kind === hit.kind && hit.start < k.end && k.start < hit.end)) continue;
    kept.push(hit);
  }
  return kept;
}
