import type { SpecOf } from '@chorus/contracts';
import type { Draft, DraftOf } from '../survey-drafts';

export function NumberAnswer({
  spec,
  draft,
  id,
  onChange,
}: {
  spec: SpecOf<'number'>;
  draft: DraftOf<'number'>;
  id: string;
  onChange: (draft: Draft) => void;
}) {
  return (
    <div className="survey-field">
      <label htmlFor={id}>Your answer, in {spec.unit}</label>
      <input
        id={id}
        className="survey-input"
        type="number"
        inputMode="decimal"
        step="any"
        min={spec.min}
        max={spec.max}
        aria-describedby={`${id}-range`}
        value={draft.text}
        onChange={(event) => onChange({ type: 'number', text: event.target.value })}
      />
      <span id={`${id}-range`} className="share-muted">
        From {spec.min} to {spec.max} {spec.unit}
      </span>
    </div>
  );
}
