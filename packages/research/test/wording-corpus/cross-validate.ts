/* eslint-disable no-console -- a command-line report */
// How the check does on tuning questions the wording model was not trained
// on: each part of the tuning data in turn (the earlier corpus, batches 3 to
// 10, batch 11's tuning half) is left out, the model is trained on the rest, and the whole check
// (rules and model) is scored on the part left out. The rules were written
// while looking at every part's tuning half, so the figures are fair for the
// model only. A held-out half still to be read is never read here.
// Run: node -C @chorus/source -r @swc-node/register packages/research/test/wording-corpus/cross-validate.ts [part…]
import { checkWording } from '@chorus/research/wording';
import { useWordingModel } from '../../src/wording/model/judge';
import { trainWordingModel } from '../../src/wording/model/train';
import { scoreCorpus } from './score';
import { tuningParts as parts } from './training-data';

const asked = process.argv.slice(2);
const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

for (const [name, questions] of Object.entries(parts)) {
  if (asked.length > 0 && !asked.includes(name)) continue;
  const rest = Object.entries(parts)
    .filter(([other]) => other !== name)
    .flatMap(([, part]) => part);
  useWordingModel(
    trainWordingModel(rest, { questions: rest.length, fingerprint: 'cross-validation' }),
  );
  const score = scoreCorpus(questions, checkWording);
  console.log(
    `${name}: ${score.leadingFlagged}/${score.leading} leading flagged (${percent(score.recall)}), ${score.neutralFlagged}/${score.neutral} neutral flagged (${percent(score.falseAlarms)})`,
  );
  for (const kind of score.kinds)
    console.log(
      `  ${kind.kind}: recall ${percent(kind.recall)} (${kind.found}/${kind.labelled}), precision ${percent(kind.precision)}`,
    );
}
useWordingModel();
