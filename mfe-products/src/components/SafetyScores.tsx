import { type SafetyScores as Scores, safetyScoreKeys } from '@chorus/contracts';
import { safetyScoreTone } from '../persona-pages';
import { cn } from '@chorus/platform/ui';

const toneClass = {
  green: 'bg-emerald-100 text-emerald-800',
  yellow: 'bg-amber-100 text-amber-800',
  red: 'bg-red-100 text-red-800',
} as const;

const labels: Record<(typeof safetyScoreKeys)[number], string> = {
  economic: 'Economic',
  world: 'World',
  local: 'Local',
  occupation: 'Occupation',
};

/** The four safety scores out of 10: 8 or more green, 6 or more yellow, lower red. */
export function SafetyScores({ scores }: { scores: Scores }) {
  return (
    <ul className="grid grid-cols-2 gap-1.5" aria-label="Safety scores">
      {safetyScoreKeys.map((key) => {
        const tone = safetyScoreTone(scores[key]);
        return (
          <li
            key={key}
            data-tone={tone}
            className={cn(
              'flex items-center justify-between rounded-md px-2 py-1 text-xs font-medium',
              toneClass[tone],
            )}
          >
            <span>{labels[key]}</span>
            <span className="tabular-nums">{scores[key]}/10</span>
          </li>
        );
      })}
    </ul>
  );
}
