/* eslint-disable no-console -- a command-line report */
// The tuning data only: all of the earlier corpus (both halves), all of
// batches 3 to 9 (both halves: a later batch exists) and batch 10's tuning
// half. The wording model is trained on all of it, so these are training
// figures: cross-validate.ts gives the figures on parts the model has not
// seen. For each set: its figures
// per kind, then each leading question the check misses, each neutral one it
// flags and each finding of a kind the question is not labelled with; the
// batches' questions are grouped by the hard-case shape they hold. Questions
// given as arguments are checked too (probes written for the purpose).
// A held-out half still to be read is never read here: only the bench reads it, once,
// for its aggregate figures.
// --part=a or --part=b keeps one of two fixed parts of the tuning data (by the
// second bit of each text's hash): rules written while looking at part a can
// be checked on part b, which was not looked at, before they are kept.
// Run: node -C @chorus/source -r @swc-node/register packages/research/test/wording-corpus/tune.ts [--only=earlier|batch3|…|batch11] [--part=a|b] [--quiet] [question…]
import { checkWording } from '@chorus/research/wording';
import { type CorpusScore, scoreCorpus } from './score';
import { tuningData, tuningParts } from './training-data';
import { corpus, type BatchQuestion, type CorpusQuestion, fnv1a } from './split';

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const quiet = args.includes('--quiet');
const part = args.find((a) => a.startsWith('--part='))?.slice('--part='.length);
/** The questions of the part asked for (all without --part). */
const inPart = <Q extends CorpusQuestion>(questions: readonly Q[]): Q[] =>
  part
    ? questions.filter((q) => ((fnv1a(q.text) >>> 1) & 1) === (part === 'a' ? 0 : 1))
    : [...questions];
const probes = args.filter((a) => !a.startsWith('--'));

const show = (text: string) => {
  const check = checkWording(text);
  const found = check.findings.map((f) => `${f.kind}: "${f.phrase}"`).join('; ') || 'nothing';
  return `${found}\n    neutral: ${check.neutral}\n    reversed: ${check.reversed}`;
};

const percent = (n: number, d: number) => (d === 0 ? '–' : `${Math.round((n / d) * 1000) / 10}%`);

function summary(name: string, score: CorpusScore): void {
  console.log(
    `${name}: ${score.leadingFlagged}/${score.leading} leading flagged (${percent(score.leadingFlagged, score.leading)}), ${score.neutralFlagged}/${score.neutral} neutral flagged (${percent(score.neutralFlagged, score.neutral)})`,
  );
  for (const kind of score.kinds)
    console.log(
      `  ${kind.kind}: found ${kind.found}/${kind.labelled} (${percent(kind.found, kind.labelled)}), wrongly ${kind.wrong}`,
    );
}

/** One line (and the findings) per question the check gets wrong. */
function misses(questions: readonly CorpusQuestion[]): void {
  for (const question of questions) {
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
}

/** A batch's figures, its hard shapes, then its misses grouped by shape. */

function batchReport(name: string, questions: readonly BatchQuestion[]): void {
  summary(name, scoreCorpus(questions, checkWording));
  const shapes = new Map<string, BatchQuestion[]>();
  for (const question of questions) {
    const shape = question.hard ?? (question.kinds.length > 0 ? 'other leading' : 'neutral');
    shapes.set(shape, [...(shapes.get(shape) ?? []), question]);
  }
  for (const [shape, group] of shapes) {
    const flagged = group.filter((q) => checkWording(q.text).leading).length;
    console.log(`  shape ${shape}: ${flagged}/${group.length} flagged`);
  }
  if (!quiet)
    for (const [shape, group] of shapes) {
      console.log(`\n== ${name}, ${shape} ==`);
      misses(group);
    }
}

const earlier = inPart(corpus);
if (!only || only === 'earlier') {
  summary('earlier corpus, both halves', scoreCorpus(earlier, checkWording));
  if (!quiet) misses(earlier);
}
// Each batch of the tuning data by its part's name ("batch3" … "batch11-tuning"; --only=batch11 reads it too).
for (const [name, questions] of Object.entries(tuningParts)) {
  if (name === 'earlier' || (only && only !== name && !name.startsWith(`${only}-`))) continue;
  batchReport(name, inPart(questions));
}
if (!only) {
  const all = inPart(tuningData);
  summary('all tuning data', scoreCorpus(all, checkWording));
}
for (const text of probes) console.log(`PROBE ${text}\n  ${show(text)}`);
