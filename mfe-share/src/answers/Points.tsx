// The controls every answer is built of: a row of numbered points with its
// end labels, and a list of radio buttons or checkboxes.
import type { ReactNode } from 'react';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * A row of numbered radio buttons with its two end labels: a rating scale,
 * the NPS and the likelihood questions. The end labels are also read out
 * with the first and last point, since a bare "1" says nothing.
 */
export function Points({
  name,
  from,
  to,
  value,
  low,
  high,
  onChange,
}: {
  name: string;
  from: number;
  to: number;
  value: number | null;
  low: string;
  high: string;
  onChange: (value: number) => void;
}) {
  const points = range(from, to);
  return (
    <div>
      <div className={`survey-points survey-points-${points.length}`}>
        {points.map((point) => (
          <label
            key={point}
            className={value === point ? 'survey-point share-chosen' : 'survey-point'}
          >
            <input
              type="radio"
              name={name}
              value={point}
              checked={value === point}
              onChange={() => onChange(point)}
            />
            <span className="share-value">{point}</span>
            {point === from && <span className="survey-sr"> — {low}</span>}
            {point === to && <span className="survey-sr"> — {high}</span>}
          </label>
        ))}
      </div>
      <div className="survey-ends" aria-hidden="true">
        <span>{low}</span>
        <span>{high}</span>
      </div>
    </div>
  );
}

/** A list of radio buttons or checkboxes, one a line, for choices and labelled scale points. */
export function Options({ children }: { children: ReactNode }) {
  return <div className="survey-options">{children}</div>;
}

export function Option({
  type,
  name,
  checked,
  onChange,
  children,
}: {
  type: 'radio' | 'checkbox';
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className={checked ? 'survey-option share-chosen' : 'survey-option'}>
      <input type={type} name={name} checked={checked} onChange={onChange} />
      <span>{children}</span>
    </label>
  );
}
