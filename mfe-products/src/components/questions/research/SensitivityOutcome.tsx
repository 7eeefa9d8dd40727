import { opinions, type QuestionView, type Sensitivity } from '@chorus/contracts';
import { opinionLabel } from '@chorus/platform/ui';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';

function SharesLine({ shares }: { shares: Sensitivity['asked'] }) {
  return (
    <span className="tabular-nums">
      {opinions.map((o) => `${Math.round(shares[o])}% ${opinionLabel[o].toLowerCase()}`).join(', ')}
    </span>
  );
}

/**
 * The outcome of a ticked wording-sensitivity check, whatever it was: the
 * three wordings the personas were asked and how each was answered, under
 * the alarm when the answers moved or the note when they did not.
 */
export function SensitivityOutcome({ question }: { question: QuestionView }) {
  const sensitivity = question.run?.sensitivity;
  if (!sensitivity) return null;
  const moved = (question.analysis?.alarms ?? []).some(
    (a) => a.kind === 'wording-sensitive' || a.kind === 'flattery',
  );
  const framings: { label: string; text: string; shares: Sensitivity['asked'] }[] = [
    { label: 'As you asked it', text: question.questionText, shares: sensitivity.asked },
    { label: 'Neutral wording', text: sensitivity.neutralText, shares: sensitivity.neutral },
    { label: 'Reversed wording', text: sensitivity.reversedText, shares: sensitivity.reversed },
  ];
  return (
    <section
      className="grid gap-2 rounded-lg border p-3 text-sm"
      aria-label="Wording sensitivity check"
      data-testid="sensitivity-outcome"
      data-moved={moved ? 'true' : 'false'}
    >
      <h4 className="flex items-center gap-2 font-semibold">
        {moved ? (
          <AlertTriangle className="size-4 text-amber-600" aria-hidden />
        ) : (
          <CheckCircle2 className="size-4 text-sky-700" aria-hidden />
        )}
        Wording sensitivity check:{' '}
        {moved ? 'the wording moved the answers' : 'the answers held across wordings'}
      </h4>
      <ul className="grid gap-2">
        {framings.map((framing) => (
          <li key={framing.label} className="grid gap-0.5" data-testid="sensitivity-framing">
            <span className="text-xs font-medium text-muted-foreground">{framing.label}</span>
            <q>{framing.text}</q>
            <SharesLine shares={framing.shares} />
          </li>
        ))}
      </ul>
    </section>
  );
}
