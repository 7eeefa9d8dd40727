/* eslint-disable no-console -- a command-line report */
// The tuning half only: its figures per kind, then each leading question the
// check misses, each neutral one it flags and each finding of a kind the
// question is not labelled with. Questions given as arguments are checked too
// (probes written for the purpose). The held-out half is never read here.
// Run: node -C @chorus/source -r @swc-node/register packages/research/test/wording-corpus/tune.ts [question…]
import { checkWording } from '@chorus/research';
import { scoreCorpus } from './score';
import { tuningHalf } from './split';

const show = (text: string) => {
  const check = checkWording(text);
  const found = check.findings.map((f) => `${f.kind}: "${f.phrase}"`).join('; ') || 'nothing';
  return `${found}\n    neutral: ${check.neutral}\n    reversed: ${check.reversed}`;
};

const score = scoreCorpus(tuningHalf, checkWording);
console.log(
  `tuning half: ${score.leadingFlagged}/${score.leading} leading flagged, ${score.neutralFlagged}/${score.neutral} neutral flagged`,
);
for (const kind of score.kinds)
  console.log(`  ${kind.kind}: found ${kind.found}/${kind.labelled}, wrongly ${kind.wrong}`);
for (const question of tuningHalf) {
  const check = checkWording(question.text);
  const found = new Set(check.findings.map((f) => f.kind));
  const missed = question.kinds.filter((kind) => !found.has(kind));
  const extra = [...found].filter(
    (kind) => question.kinds.length > 0 && !question.kinds.includes(kind),
  );
  if (question.kinds.length === 0 && check.leading)
    console.log(`FALSE ALARM ${question.text}\n  ${show(question.text)}`);
  if (missed.length > 0)
    console.log(`MISSED ${missed.join(', ')}: ${question.text}\n  ${show(question.text)}`);
  if (extra.length > 0) console.log(`ALSO ${extra.join(', ')}: ${question.text}`);
}
for (const text of process.argv.slice(2)) console.log(`PROBE ${text}\n  ${show(text)}`);
