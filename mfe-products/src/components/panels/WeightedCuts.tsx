import { opinions, type WeightedCutView } from '@chorus/contracts';
import { Label, NativeSelect, opinionLabel } from '@chorus/platform/ui';
import { Info } from 'lucide-react';
import { useId, useState } from 'react';
import { count, opinionsInPercent, pValueText, shareWithRange } from '../../panel-words';
import { HowMeasured } from '../questions/HowMeasured';

export const tooFewToSay = 'Too few to say';

/**
 * The weighted shares cut by one of the population's traits at a time: a
 * table of each group's respondents and shares with their likely ranges
 * ("Too few to say" for a group below the minimum), and the differences
 * between groups in plain words, their test one click away.
 */
export function WeightedCuts({ cuts }: { cuts: readonly WeightedCutView[] }) {
  const id = useId();
  const [trait, setTrait] = useState(cuts[0]?.trait);
  const cut = cuts.find((candidate) => candidate.trait === trait) ?? cuts[0];
  if (!cut) return null;
  return (
    <section
      className="grid min-w-0 gap-3 rounded-lg border p-3 sm:p-4"
      aria-labelledby={`${id}-title`}
      data-testid="weighted-cuts"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-title`} className="font-semibold">
          Results by group
        </h4>
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-trait`} className="text-sm">
            Cut by
          </Label>
          <NativeSelect
            id={`${id}-trait`}
            className="w-auto"
            value={cut.trait}
            onChange={(event) => setTrait(event.target.value)}
          >
            {cuts.map((candidate) => (
              <option key={candidate.trait} value={candidate.trait}>
                {candidate.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {/* A table wider than a phone scrolls inside its own box, never the page. */}
      <div className="max-w-full overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Weighted shares by {cut.label.toLowerCase()}</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                {cut.label}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Respondents
              </th>
              {opinions.map((opinion) => (
                <th key={opinion} scope="col" className="py-1 pr-3 font-medium">
                  {opinionLabel[opinion]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {cut.segments.map((segment) => {
              const shares = segment.opinions ? opinionsInPercent(segment.opinions) : null;
              return (
                <tr key={segment.level} className="border-t align-top">
                  <th scope="row" className="py-1.5 pr-3 font-medium">
                    {segment.label}
                  </th>
                  <td className="py-1.5 pr-3">{count(segment.respondents)}</td>
                  {segment.tooFew || !shares ? (
                    <td colSpan={3} className="py-1.5 pr-3 whitespace-nowrap text-muted-foreground">
                      {tooFewToSay}
                    </td>
                  ) : (
                    opinions.map((opinion) => (
                      <td key={opinion} className="py-1.5 pr-3 whitespace-nowrap">
                        {shareWithRange(shares[opinion])}
                      </td>
                    ))
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {cut.notes.length > 0 ? (
        <ul className="grid gap-2 text-sm" aria-label="Differences between groups">
          {cut.notes.map((note, index) => (
            <li key={index} className="grid gap-1" data-testid="cut-note">
              <p className="break-words">{note.note}</p>
              <HowMeasured label="Which test">
                <p>
                  {opinionLabel[note.opinion]} share, {note.segments[0]} against {note.segments[1]}:
                  z = {note.z.toFixed(2)}, {pValueText(note.pValue)}.
                </p>
              </HowMeasured>
            </li>
          ))}
        </ul>
      ) : cut.segments.filter((segment) => !segment.tooFew).length >= 2 ? (
        <p className="flex gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          No difference between these groups is larger than chance alone would give.
        </p>
      ) : null}
    </section>
  );
}
