import type { Opinion } from '@chorus/contracts';

/** An opinion's name as the pages show it. */
export const opinionLabel: Record<Opinion, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

/** An opinion's fill (bars, legend dots): green, grey, red on every page. */
export const opinionColor: Record<Opinion, string> = {
  positive: 'bg-emerald-500',
  neutral: 'bg-slate-400',
  negative: 'bg-red-500',
};
