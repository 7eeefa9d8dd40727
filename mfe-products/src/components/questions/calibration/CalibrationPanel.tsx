import { Button } from '@chorus/platform/ui';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { useCalibration, useRemoveCalibration } from '../../../calibration-api';
import { failure } from './failure';
import { FidelityCard } from './FidelityCard';
import { UploadPanel } from './UploadPanel';

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
