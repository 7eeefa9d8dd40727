import { leadingKindLabels, type WordingCheck, type WordingEdit } from '@chorus/contracts';
import { Button } from '@chorus/platform/ui';
import { AlertTriangle } from 'lucide-react';

/** One change to make by hand, in plain words: what to remove or change, and why. */
function EditLine({ edit }: { edit: WordingEdit }) {
  return (
    <li data-testid="wording-edit">
      {edit.change === 'remove' ? 'Remove ' : 'Change '}
      <mark className="rounded bg-amber-200/70 px-1 text-amber-950">{edit.phrase}</mark>
      {edit.suggestion ? <> to “{edit.suggestion}”</> : null}
      <span className="block text-amber-800">{edit.why}</span>
    </li>
  );
}

/**
 * The wording check before asking, from the estimate: each finding's kind in
 * plain words, the words that steer the answer and why, and a neutral
 * rewording to use in one click when one passed every check; otherwise the
 * changes to make by hand.
 */
export function WordingFindings({
  wording,
  onUse,
}: {
  wording: WordingCheck;
  onUse(neutral: string): void;
}) {
  if (!wording.leading) return null;
  const canReword = wording.rewording === 'ready' && wording.neutral.trim().length > 0;
  const edits = wording.rewording === 'edit-yourself' ? wording.edits : [];
  return (
    <div
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      role="note"
      aria-label="Wording check"
      data-alarm="leading"
    >
      <p className="flex gap-2 font-semibold">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        Leading question: this wording may lead people to an answer
      </p>
      {wording.findings.length > 0 ? (
        <ul className="grid gap-1.5 pl-6">
          {wording.findings.map((finding, index) => (
            <li key={`${finding.kind}-${index}`} data-testid="wording-finding">
              <span className="font-medium">{leadingKindLabels[finding.kind]}</span>
              {finding.phrase ? (
                <>
                  {': '}
                  <mark className="rounded bg-amber-200/70 px-1 text-amber-950">
                    {finding.phrase}
                  </mark>
                </>
              ) : null}
              <span className="block text-amber-800">{finding.why}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {wording.judge?.leading ? (
        <p className="pl-6 text-amber-800" data-testid="wording-judge">
          A second reading by the model agrees: {wording.judge.reason}
        </p>
      ) : null}
      {canReword ? (
        <>
          <p className="pl-6">
            A neutral wording: “<span data-testid="neutral-wording">{wording.neutral}</span>”
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="ml-6 w-fit bg-white"
            onClick={() => onUse(wording.neutral)}
          >
            Use neutral wording
          </Button>
        </>
      ) : null}
      {edits.length > 0 ? (
        <div className="grid gap-1.5 pl-6" data-testid="wording-edits">
          <p className="font-medium">
            We could not reword this safely without changing what you ask. Edit it yourself:
          </p>
          <ul className="grid gap-1.5 pl-4">
            {edits.map((edit, index) => (
              <EditLine key={`${edit.phrase}-${index}`} edit={edit} />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
