import type { SpecOf } from '@chorus/contracts';
import type { Draft, DraftOf } from '../survey-drafts';
import { Options, Option } from './Points';

const NONE_OF_THESE = 'None of these';

export function Choices({
  spec,
  draft,
  name,
  onChange,
}: {
  spec: SpecOf<'single_choice' | 'multiple_choice'>;
  draft: DraftOf<'single_choice' | 'multiple_choice'>;
  name: string;
  onChange: (draft: Draft) => void;
}) {
  const labels = spec.noneOption ? [...spec.options, NONE_OF_THESE] : spec.options;
  const none = spec.options.length;
  if (draft.type === 'single_choice') {
    return (
      <Options>
        {labels.map((label, option) => (
          <Option
            key={option}
            type="radio"
            name={name}
            checked={draft.option === option}
            onChange={() => onChange({ type: 'single_choice', option })}
          >
            {label}
          </Option>
        ))}
      </Options>
    );
  }
  const toggle = (option: number) => {
    const ticked = draft.options.includes(option);
    // "None of these" stands alone: ticking it clears the others, and the other way round.
    const next = ticked
      ? draft.options.filter((o) => o !== option)
      : option === none
        ? [none]
        : [...draft.options.filter((o) => o !== none), option];
    onChange({ type: 'multiple_choice', options: next });
  };
  return (
    <Options>
      {labels.map((label, option) => (
        <Option
          key={option}
          type="checkbox"
          name={name}
          checked={draft.options.includes(option)}
          onChange={() => toggle(option)}
        >
          {label}
        </Option>
      ))}
    </Options>
  );
}
