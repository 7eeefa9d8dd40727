import type { Sentence } from './text';
import type { Hit } from './rules/tokens';
import { agreement } from './rules/agreement';
import { socialProof } from './rules/social-proof';
import { identity } from './rules/identity';
import { assumptiveWhy } from './rules/assumptive-why';
import { loadedChoice } from './rules/loaded-choice';
import { doubleBarrelled } from './rules/double-barrelled';
import { praiseHypothetical } from './rules/praise-hypothetical';
import { presupposition, presumedExperience } from './rules/presupposition';
import { loadedWords, praiseClaims } from './rules/loaded-words';

/** Every place where the wording steers the answer, by kind. */
export function detect(sentences: Sentence[]): Hit[] {
  const hits: Hit[] = [];
  sentences.forEach((s, index) => {
    const found = [
      ...agreement(s),
      ...socialProof(s),
      ...identity(s),
      ...assumptiveWhy(s),
      ...loadedChoice(s),
      ...doubleBarrelled(s),
      ...praiseHypothetical(s, sentences[index + 1]),
      ...presupposition(s),
      ...presumedExperience(s),
    ];
    hits.push(...found, ...loadedWords(s, found), ...praiseClaims(s));
  });
  // One finding per kind and place.
  const kept: Hit[] = [];
  for (const hit of hits.sort((a, b) => a.start - b.start)) {
    if (kept.some((k) => k.kind === hit.kind && hit.start < k.end && k.start < hit.end)) continue;
    kept.push(hit);
  }
  return kept;
}
