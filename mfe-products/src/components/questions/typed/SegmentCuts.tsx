import {
  MIN_SEGMENT_SIZE,
  type SegmentCutView,
  type SegmentNote,
  type SegmentTrait,
  segmentTraitLabel,
  type TypedResult,
} from '@chorus/contracts';
import { RangeBarChart } from '@chorus/platform/charts';
import { Label, NativeSelect } from '@chorus/platform/ui';
import { ChevronRight, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { HowMeasured } from '../HowMeasured';
import { scaled, segmentHeadline } from './segment-headline';
import { TypedResultView } from './TypedResultView';
import { count, figure } from './words';

const tooFewWords = `Too few personas to say (fewer than ${MIN_SEGMENT_SIZE})`;

const traitLabel = (trait: SegmentTrait) => segmentTraitLabel(trait);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A note's plain sentence, its test's name left for "Which test". */
function plainNote(note: SegmentNote): string {
  const named = new RegExp(`;?\\s*beyond chance by the ${escape(note.test)}\\.?\\s*$`);
  return named.test(note.note)
    ? note.note.replace(named, '; more than chance alone would give.')
    : note.note;
}

function Notes({ notes, compared }: { notes: readonly SegmentNote[]; compared: number }) {
  if (notes.length === 0) {
    return compared >= 2 ? (
      <p className="flex gap-2 text-sm text-muted-foreground" data-testid="segment-no-notes">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        No difference between these groups is larger than chance alone would give.
      </p>
    ) : null;
  }
  return (
    <ul className="grid gap-2 text-sm" aria-label="Differences between groups">
      {notes.map((note, index) => (
        <li key={index} className="grid gap-1" data-testid="segment-note">
          <p className="break-words">{plainNote(note)}</p>
          <HowMeasured label="Which test">
            <p>
              {note.figure}, {note.segments[0]} minus {note.segments[1]}: tested with the{' '}
              <span className="font-medium text-foreground">{note.test}</span>. A difference counts
              as beyond chance when its 95% interval leaves out zero.
            </p>
          </HowMeasured>
        </li>
      ))}
    </ul>
  );
}

/**
 * A typed result cut by one persona trait at a time ("Cut by": age band,
 * gender…): each group's headline figure with its likely range, "too few to
 * say" for a small group, every figure of a group one click away, and the
 * differences beyond chance in plain words with the test named behind them.
 */
export function SegmentCuts({
  cuts,
  overall,
}: {
  cuts: readonly SegmentCutView[];
  /** The whole panel's result: a choice's or an item's segments are read at its top answer. */
  overall: TypedResult | null;
}) {
  const id = useId();
  const [trait, setTrait] = useState<SegmentTrait | undefined>(cuts[0]?.trait);
  const cut = cuts.find((c) => c.trait === trait) ?? cuts[0];
  if (!cut) return null;
  const shown = cut.segments.flatMap((segment) => {
    if (segment.tooFew || !segment.result) return [];
    return [{ segment, headline: segmentHeadline(segment.result, overall) }];
  });
  const first = shown[0]?.headline;
  const group = traitLabel(cut.trait).toLowerCase();

  return (
    <section
      className="grid min-w-0 gap-3 rounded-lg border p-4"
      aria-labelledby={`${id}-title`}
      data-testid="segment-cuts"
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
            onChange={(event) => setTrait(event.target.value as SegmentTrait)}
          >
            {cuts.map((c) => (
              <option key={c.trait} value={c.trait}>
                {traitLabel(c.trait)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {first ? (
        <p className="text-sm text-muted-foreground">
          {first.title}, by {group}:
        </p>
      ) : null}
      <ul className="grid gap-2 text-sm" aria-label={`By ${group}`}>
        {cut.segments.map((segment) => {
          const headline = segment.result ? segmentHeadline(segment.result, overall) : null;
          const estimate = headline?.estimate ? scaled(headline.estimate, headline.scale) : null;
          return (
            <li key={segment.label} className="grid gap-1" data-testid="segment">
              <p className="break-words">
                <span className="font-medium">{segment.label}</span>{' '}
                <span className="text-xs text-muted-foreground">
                  ({count(segment.respondents, 'persona')})
                </span>
                {': '}
                {segment.tooFew || !segment.result ? (
                  <span className="text-muted-foreground">{tooFewWords}</span>
                ) : estimate && headline ? (
                  figure(estimate, headline.format)
                ) : (
                  <span className="text-muted-foreground">no figure to show</span>
                )}
              </p>
              {!segment.tooFew && segment.result ? (
                <details className="group text-xs">
                  <summary className="inline-flex cursor-pointer list-none items-center gap-1 font-medium text-primary hover:underline [&::-webkit-details-marker]:hidden">
                    <ChevronRight
                      className="size-3.5 transition-transform group-open:rotate-90"
                      aria-hidden
                    />
                    Every figure for {segment.label}
                  </summary>
                  <div className="mt-2">
                    <TypedResultView result={segment.result} />
                  </div>
                </details>
              ) : null}
            </li>
          );
        })}
      </ul>
      {first && shown.length > 0 ? (
        <RangeBarChart
          title={`${first.title}, by ${group}`}
          bars={shown.flatMap(({ segment, headline }) =>
            headline.estimate
              ? [{ label: segment.label, ...scaled(headline.estimate, headline.scale) }]
              : [],
          )}
          categoryLabel={traitLabel(cut.trait)}
          valueLabel={first.title}
          format={first.format}
          domain={first.domain}
        />
      ) : null}
      <Notes notes={cut.notes} compared={shown.length} />
    </section>
  );
}
