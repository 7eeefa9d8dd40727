import {
  type CalibrationView,
  calibrationOpinions,
  formatDate,
  type FidelityRow,
  maxCalibrationBytes,
} from '@chorus/contracts';
import { serverMessage } from '@chorus/platform';
import { PeopleVsPersonasChart, sharesOf } from '@chorus/platform/charts';
import { Button, ConfirmDialog, opinionLabel } from '@chorus/platform/ui';
import { Link2, Loader2, Scale, Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import {
  useCalibrate,
  useCalibration,
  useCalibrationShareLinks,
  useRemoveCalibration,
} from '../../calibration-api';
import { HowMeasured } from './HowMeasured';

// The fidelity card: real customers' answers to the question beside the
// persona panel's, with how far apart they are in words.

const total = (counts: readonly number[]) => counts.reduce((a, b) => a + b, 0);

/** Why an upload failed, in plain words. */
function failure(error: unknown): string {
  return serverMessage(error) ?? 'The real answers could not be read. Please try again.';
}

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

const countsText = (counts: readonly number[]) =>
  total(counts) === 0
    ? 'none'
    : `${total(counts)}: ${sharesOf(counts)
        .map((share, i) => `${share}% ${calibrationOpinions[i]}`)
        .join(', ')}`;

function Segments({ rows }: { rows: FidelityRow[] }) {
  if (rows.length === 0) return null;
  return (
    <table className="w-full text-sm" aria-label="By segment">
      <caption className="mb-1 text-left text-xs font-medium text-muted-foreground">
        By segment
      </caption>
      <thead>
        <tr className="text-left text-xs text-muted-foreground">
          <th scope="col" className="py-1 font-medium">
            Segment
          </th>
          <th scope="col" className="py-1 font-medium">
            Real answers
          </th>
          <th scope="col" className="py-1 font-medium">
            Personas
          </th>
          <th scope="col" className="py-1 font-medium">
            Distance
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-t align-top">
            <th scope="row" className="py-1 pr-2 text-left font-medium">
              {row.label}
            </th>
            <td className="py-1 pr-2">{countsText(row.human)}</td>
            <td className="py-1 pr-2">{countsText(row.persona)}</td>
            <td className="py-1 tabular-nums">
              {row.distance === null ? 'no personas to compare' : row.distance.toFixed(2)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The card once real answers are in. */
function FidelityCard({
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
        <Segments rows={f.segments} />
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

/** The product's answered share links, each usable or with the reason it is not. */
function ShareLinkChoice({
  productId,
  busy,
  onUse,
}: {
  productId: string;
  busy: boolean;
  onUse(linkId: string): void;
}) {
  const links = useCalibrationShareLinks(productId, true);
  if (links.isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading share links...
      </p>
    );
  }
  if (links.isError) {
    return <p className="text-sm text-destructive">{failure(links.error)}</p>;
  }
  const list = links.data ?? [];
  if (list.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No share link of this product has responses yet. Share a roadmap item to collect some.
      </p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label="Share links with responses">
      {list.map((link) => (
        <li
          key={link.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
        >
          <div className="grid gap-0.5">
            <span className="font-medium">{link.title}</span>
            <span className="text-xs text-muted-foreground">
              {link.feedbackType} link, {link.responseCount}{' '}
              {link.responseCount === 1 ? 'response' : 'responses'}
            </span>
            {link.refusal ? <span className="text-xs text-amber-800">{link.refusal}</span> : null}
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={busy || link.refusal !== null}
            aria-label={`Use the responses of ${link.title}`}
            onClick={() => onUse(link.id)}
          >
            Use
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Upload a CSV, or use a share link's responses. */
function UploadPanel({
  productId,
  questionId,
  onDone,
  onCancel,
}: {
  productId: string;
  questionId: string;
  onDone(): void;
  onCancel?: () => void;
}) {
  const inputId = useId();
  const helpId = useId();
  const calibrate = useCalibrate(productId, questionId);
  const [error, setError] = useState<string | undefined>();
  const [fromLink, setFromLink] = useState(false);

  const send = async (body: Parameters<typeof calibrate.mutateAsync>[0]) => {
    setError(undefined);
    try {
      await calibrate.mutateAsync(body);
      onDone();
    } catch (problem) {
      setError(failure(problem));
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxCalibrationBytes) {
      setError(
        `The file is ${(file.size / 1024 / 1024).toFixed(1)} MB; at most 1 MB can be uploaded. Keep the columns you need or split the answers.`,
      );
      return;
    }
    await send({ fileName: file.name, csv: await file.text() });
  };

  return (
    <div
      className="grid gap-3 rounded-lg border border-dashed p-3"
      data-testid="calibration-upload"
    >
      <div className="grid gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          CSV of real answers
        </label>
        <p id={helpId} className="text-xs text-muted-foreground">
          One row per customer: an <code>opinion</code> column (positive, neutral or negative) or a{' '}
          <code>rating</code> column (1 to 5: 1–2 negative, 3 neutral, 4–5 positive). Optional{' '}
          <code>age</code>, <code>gender</code>, <code>income</code> and <code>occupation</code>{' '}
          columns compare segments. At most 1 MB.
        </p>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={helpId}
          disabled={calibrate.isPending}
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void upload(file);
          }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={fromLink}
          onClick={() => setFromLink((open) => !open)}
        >
          <Link2 aria-hidden /> Use a share link&apos;s responses
        </Button>
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {fromLink ? (
        <ShareLinkChoice
          productId={productId}
          busy={calibrate.isPending}
          onUse={(shareLinkId) => void send({ shareLinkId })}
        />
      ) : null}
      {calibrate.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Comparing with the panel...
        </p>
      ) : null}
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** On a complete question: the fidelity card, or the way to add real answers. */
export function CalibrationPanel({
  productId,
  questionId,
  refusal,
}: {
  productId: string;
  questionId: string;
  /** Why the user's role does not allow adding or removing real answers (a viewer). */
  refusal?: string;
}) {
  const calibration = useCalibration(productId, questionId);
  const remove = useRemoveCalibration(productId, questionId);
  const [uploading, setUploading] = useState(false);
  const [removeError, setRemoveError] = useState<string | undefined>();
  if (calibration.isLoading) return null;
  const view = calibration.data ?? null;
  return (
    <section className="mx-5 grid gap-3 rounded-lg border p-3" aria-label="Real answers">
      {view ? (
        <FidelityCard
          view={view}
          removing={remove.isPending}
          refusal={refusal}
          onReplace={() => setUploading(true)}
          onRemove={() => {
            setRemoveError(undefined);
            remove.mutate(undefined, { onError: (problem) => setRemoveError(failure(problem)) });
          }}
        />
      ) : null}
      {removeError ? (
        <p className="text-sm text-destructive" role="alert">
          {removeError}
        </p>
      ) : null}
      {!view && !uploading ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            Have real customers answered this question? See how close the panel is.
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={refusal !== undefined}
            title={refusal}
            onClick={() => setUploading(true)}
          >
            <Scale aria-hidden /> Compare with real answers
          </Button>
        </div>
      ) : null}
      {uploading ? (
        <UploadPanel
          productId={productId}
          questionId={questionId}
          onDone={() => setUploading(false)}
          onCancel={() => setUploading(false)}
        />
      ) : null}
    </section>
  );
}
