import { type CalibrationView, calibrationOpinions, formatDate } from '@chorus/contracts';
import { PeopleVsPersonasChart } from '@chorus/platform/charts';
import { Button, ConfirmDialog, opinionLabel } from '@chorus/platform/ui';
import { Loader2, Scale, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { HowMeasured } from '../HowMeasured';
import { SegmentsTable } from './SegmentsTable';

// The fidelity card: real customers' answers to the question beside the
// persona panel's, with how far apart they are in words.

/** Real customers' and personas' shares of each opinion, side by side. */
function Distributions({ view }: { view: CalibrationView }) {
  return (
    <PeopleVsPersonasChart
      title="Real customers and personas side by side"
      answers={calibrationOpinions.map((opinion) => opinionLabel[opinion])}
      people={view.fidelity.human}
      personas={view.fidelity.persona}
      answerLabel="Opinion"
      peopleLabel="Real customers"
      personasLabel="Personas"
      height={180}
    />
  );
}

/** The card once real answers are in. */
export function FidelityCard({
  view,
  onReplace,
  onRemove,
  removing,
  refusal,
}: {
  view: CalibrationView;
  onReplace(): void;
  onRemove(): void;
  removing: boolean;
  refusal?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const f = view.fidelity;
  return (
    <div className="grid gap-3" data-testid="fidelity-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h4 className="flex items-center gap-1.5 text-sm font-semibold">
            <Scale className="size-4" aria-hidden /> Compared with real answers
          </h4>
          <p className="text-xs text-muted-foreground">
            <span data-testid="fidelity-n">
              {f.n} real {f.n === 1 ? 'answer' : 'answers'}
            </span>{' '}
            from <span className="font-medium">{view.fileName}</span>, added{' '}
            {formatDate(view.createdAt, 'dateTime', { fallback: view.createdAt })}
          </p>
        </div>
        <div className="flex gap-1">
          <Button
            variant="outline"
            size="sm"
            disabled={refusal !== undefined}
            title={refusal}
            onClick={onReplace}
          >
            <Upload aria-hidden /> Replace
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-muted-foreground hover:text-destructive"
            disabled={removing || refusal !== undefined}
            title={refusal}
            onClick={() => setConfirming(true)}
          >
            {removing ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
            Remove
          </Button>
        </div>
      </div>
      <Distributions view={view} />
      <div className="grid gap-1.5 text-sm">
        <p data-testid="fidelity-distance">
          {f.distanceText ??
            `How far people and personas differ: ${f.distance.toFixed(2)} of 1, ${f.distanceMeaning}.`}
        </p>
        {f.ks !== null ? (
          <p data-testid="fidelity-ks">
            {f.ksText ?? `Largest gap between their ratings: ${f.ks.toFixed(2)} of 1.`}
          </p>
        ) : null}
        <p data-testid="fidelity-spread">
          {f.spreadText ??
            `How varied the personas’ answers are next to people’s: ${f.spreadRatio === null ? 'cannot be compared' : `${f.spreadRatio.toFixed(2)} times`}, ${f.spreadMeaning}.`}
        </p>
      </div>
      <HowMeasured>
        <p>
          {f.distanceTechnical ??
            `Jensen–Shannon distance ${f.distance.toFixed(2)} between the two distributions of answers: 0 when they are the same, 1 when they have nothing in common`}
          .
        </p>
        {f.ks !== null ? (
          <p>
            {f.ksTechnical ??
              `Kolmogorov–Smirnov statistic ${f.ks.toFixed(2)}: the largest difference between the two cumulative shares`}
            .
          </p>
        ) : null}
        <p>
          {f.spreadTechnical ??
            `Spread ratio ${f.spreadRatio === null ? 'not defined' : f.spreadRatio.toFixed(2)}: the variance of the personas’ answers divided by the variance of people’s`}
          .
        </p>
      </HowMeasured>
      <div className="overflow-x-auto empty:hidden">
        <SegmentsTable rows={f.segments} />
      </div>
      <p className="text-xs text-muted-foreground">Persona side: {view.personaSource}.</p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the real answers?"
        description="The fidelity card of this question goes away, and the question leaves the product's calibration view. You can upload again at any time."
        confirmLabel="Remove"
        destructive
        onConfirm={onRemove}
      />
    </div>
  );
}
