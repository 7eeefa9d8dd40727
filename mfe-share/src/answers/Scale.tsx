import type { SpecOf } from '@chorus/contracts';
import type { Draft, DraftOf } from '../survey-drafts';
import { Options, Option, Points } from './Points';

export function Scale({
  spec,
  draft,
  name,
  onChange,
}: {
  spec: SpecOf<'scale'>;
  draft: DraftOf<'scale'>;
  name: string;
  onChange: (draft: Draft) => void;
}) {
  const choose = (value: number) => onChange({ type: 'scale', value });
  // Worded points read better one a line than squeezed into a row on a phone.
  if (spec.pointLabels.length === spec.points) {
    return (
      <Options>
        {spec.pointLabels.map((label, i) => (
          <Option
            key={label}
            type="radio"
            name={name}
            checked={draft.value === i + 1}
            onChange={() => choose(i + 1)}
          >
            <strong>{i + 1}</strong> {label}
          </Option>
        ))}
      </Options>
    );
  }
  return (
    <Points
      name={name}
      from={1}
      to={spec.points}
      value={draft.value}
      low={spec.lowLabel}
      high={spec.highLabel}
      onChange={choose}
    />
  );
}
