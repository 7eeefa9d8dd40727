import { defined, type Reason, type Situation, traitReason } from './reason';

/** Whether the persona pays for things that are well made, or puts the price first. */
export function qualityReasons({ persona: p }: Situation): Reason[] {
  return defined([
    traitReason(
      p,
      'qualitySeeker',
      0.8,
      "I'd rather pay for something well made that lasts",
      `${p.firstName} values things that are well made`,
    ),
    p.income.band === 'high' && {
      weight: 0.35,
      attributes: ['income'],
      voice: 'I can afford to choose quality',
      because: `an income of ${p.income.text} lets ${p.firstName} choose quality`,
    },
    p.income.band === 'low' && {
      weight: -0.4,
      attributes: ['income'],
      voice: 'quality is nice, but on my income the price comes first',
      because: `an income of ${p.income.text} puts price before quality`,
    },
    traitReason(
      p,
      'priceConscious',
      -0.35,
      'I look at the price before the finish',
      `${p.firstName} puts price before polish`,
    ),
    traitReason(
      p,
      'statusMinded',
      0.3,
      'how things look and feel matters to me',
      `${p.firstName} cares about image`,
    ),
  ]);
}
