import { maxCalibrationBytes } from '@chorus/contracts';
import { Button } from '@chorus/platform/ui';
import { Link2, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useCalibrate } from '../../../calibration-api';
import { failure } from './failure';
import { ShareLinkChoice } from './ShareLinkChoice';

/** Upload a CSV, or use a share link's responses. */
export function UploadPanel({
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
