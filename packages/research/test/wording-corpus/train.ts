/* eslint-disable no-console -- a command-line tool */
// Trains the wording model on the tuning data and writes it to
// packages/research/src/wording/model/weights.ts. The tuning data: all of the
// earlier corpus, every batch but the newest whole and the newest's tuning half once its first sight is recorded (training-data.ts). A held-out half still to be read
// (`unreadHeldOut`) is never read here.
// Run: node -C @chorus/source -r @swc-node/register packages/research/test/wording-corpus/train.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { trainWordingModel } from '../../src/wording/model/train';
import { tuningData, tuningFingerprint } from './training-data';

const started = performance.now();
const model = trainWordingModel(tuningData, {
  questions: tuningData.length,
  fingerprint: tuningFingerprint(),
});
const target = path.join(__dirname, '../../src/wording/model/weights.ts');
const lines = [
  '// Written by packages/research/test/wording-corpus/train.ts from the tuning data; do not edit.',
  "import type { StoredWordingModel } from './train';",
  '',
  'export const storedWordingModel: StoredWordingModel = {',
  `  trainedOn: ${JSON.stringify(model.trainedOn)},`,
  `  features: ${JSON.stringify(model.features)},`,
  '  kinds: {',
  ...Object.entries(model.kinds).map(
    ([kind, { intercept, weights }]) =>
      `    ${JSON.stringify(kind)}: { intercept: ${intercept}, weights: ${JSON.stringify(weights)} },`,
  ),
  '  },',
  '};',
  '',
];
writeFileSync(target, lines.join('\n'));
console.log(
  `trained on ${tuningData.length} questions, ${model.features.length} features, in ${Math.round(performance.now() - started)} ms`,
);
