import type { SpecOf } from '@chorus/contracts';
import { type KeyboardEvent, type ReactNode, type Ref, useId, useRef } from 'react';
import {
  type Draft,
  type DraftOf,
  numberOf,
  priceRangeFields,
  priceRangeQuestion,
  priceText,
  periodWord,
  type SurveyQuestion,
} from './survey-drafts';

const NONE_OF_THESE = 'None of these';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * A row of numbered radio buttons with its two end labels: a rating scale,
 * the NPS and the likelihood questions. The end labels are also read out
 * with the first and last point, since a bare "1" says nothing.
 */
function Points({
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
function Options({ children }: { children: ReactNode }) {
  return <div className="survey-options">{children}</div>;
}

function Option({
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

function Scale({
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

function Choices({
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

function NumberAnswer({
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

function Ranking({
  spec,
  draft,
  id,
  onChange,
}: {
  spec: SpecOf<'ranking'>;
  draft: DraftOf<'ranking'>;
  id: string;
  onChange: (draft: Draft) => void;
}) {
  const rows = useRef(new Map<number, HTMLLIElement>());
  const { order } = draft;
  const itemOf = (index: number) => spec.items[index] ?? '';
  const move = (at: number, by: number, focus = false) => {
    const to = at + by;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[at], next[to]] = [next[to]!, next[at]!];
    onChange({ type: 'ranking', order: next });
    // The moved item keeps the focus, so it can be moved again at once.
    if (focus) requestAnimationFrame(() => rows.current.get(next[to]!)?.focus());
  };
  const onKey = (event: KeyboardEvent, at: number) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(at, -1, true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(at, 1, true);
    }
  };
  return (
    <>
      <p className="share-muted" id={`${id}-help`}>
        Best first. Use the arrow buttons, or focus an item and press the Up and Down arrow keys.
      </p>
      <ol className="share-ranking" aria-describedby={`${id}-help`}>
        {order.map((item, at) => (
          <li
            key={item}
            ref={(row) => {
              if (row) rows.current.set(item, row);
              else rows.current.delete(item);
            }}
            tabIndex={0}
            aria-label={`${at + 1}. ${itemOf(item)}`}
            onKeyDown={(event) => onKey(event, at)}
          >
            <span className="share-rank">{at + 1}</span>
            <span className="share-item survey-text">{itemOf(item)}</span>
            <span className="share-moves">
              <button
                type="button"
                aria-label={`Move ${itemOf(item)} up`}
                disabled={at === 0}
                onClick={() => move(at, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move ${itemOf(item)} down`}
                disabled={at === order.length - 1}
                onClick={() => move(at, 1)}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

function MaxDiff({
  spec,
  sets,
  draft,
  name,
  onChange,
}: {
  spec: SpecOf<'maxdiff'>;
  sets: number[][];
  draft: DraftOf<'maxdiff'>;
  name: string;
  onChange: (draft: Draft) => void;
}) {
  const pick = (set: number, end: 'best' | 'worst', item: number) => {
    const other = end === 'best' ? 'worst' : 'best';
    const picks = draft.picks.map((p, i) => {
      if (i !== set) return p;
      // One item cannot be both: picking it for one end frees the other.
      return { ...p, [end]: item, ...(p[other] === item ? { [other]: null } : {}) };
    });
    onChange({ type: 'maxdiff', picks });
  };
  return (
    <div className="survey-sets">
      {sets.map((shown, set) => {
        const chosen = draft.picks[set] ?? { best: null, worst: null };
        return (
          <fieldset key={set} className="survey-set">
            <legend>
              Set {set + 1} of {sets.length}: which matters most to you, and which least?
            </legend>
            <table className="survey-maxdiff">
              <thead>
                <tr>
                  <th scope="col">Most important</th>
                  <th scope="col">
                    <span className="survey-sr">Item</span>
                  </th>
                  <th scope="col">Least important</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((item) => {
                  const label = spec.items[item] ?? '';
                  return (
                    <tr key={item}>
                      <td>
                        <label className="survey-pick">
                          <input
                            type="radio"
                            name={`${name}-${set}-best`}
                            checked={chosen.best === item}
                            onChange={() => pick(set, 'best', item)}
                          />
                          <span className="survey-sr">Most important: {label}</span>
                        </label>
                      </td>
                      <th scope="row" className="survey-text">
                        {label}
                      </th>
                      <td>
                        <label className="survey-pick">
                          <input
                            type="radio"
                            name={`${name}-${set}-worst`}
                            checked={chosen.worst === item}
                            onChange={() => pick(set, 'worst', item)}
                          />
                          <span className="survey-sr">Least important: {label}</span>
                        </label>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </fieldset>
        );
      })}
    </div>
  );
}

function PriceLadder({
  spec,
  draft,
  name,
  onChange,
}: {
  spec: SpecOf<'price_ladder'>;
  draft: DraftOf<'price_ladder'>;
  name: string;
  onChange: (draft: Draft) => void;
}) {
  const answer = (at: number, buy: boolean) => {
    // Who would not buy at a price seldom would at a higher one: those not
    // answered yet start at no, and stay theirs to change.
    const wouldBuy = draft.wouldBuy.map((w, i) =>
      i === at ? buy : !buy && i > at && w === null ? false : w,
    );
    onChange({ type: 'price_ladder', wouldBuy });
  };
  return (
    <div className="survey-sets">
      {spec.prices.map((price, at) => {
        const value = draft.wouldBuy[at] ?? null;
        return (
          <fieldset key={at} className="survey-set">
            <legend>
              Would you buy {spec.offer} at {priceText(price, spec.currency, spec.period)}?
            </legend>
            <div className="survey-yes-no">
              {([true, false] as const).map((buy) => (
                <label key={String(buy)} className={value === buy ? 'share-chosen' : ''}>
                  <input
                    type="radio"
                    name={`${name}-${at}`}
                    checked={value === buy}
                    onChange={() => answer(at, buy)}
                  />
                  <span>{buy ? 'Yes' : 'No'}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

const currencySymbol = (currency: string) => {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
};

function PriceRange({
  spec,
  draft,
  id,
  name,
  onChange,
}: {
  spec: SpecOf<'price_range'>;
  draft: DraftOf<'price_range'>;
  id: string;
  name: string;
  onChange: (draft: Draft) => void;
}) {
  const at = (text: string, fallback: string) => {
    const value = numberOf(text);
    return value === null || value < 0 ? fallback : priceText(value, spec.currency, spec.period);
  };
  return (
    <div className="survey-sets">
      <p id={`${id}-unit`} className="share-muted">
        Prices in {spec.currency}
        {periodWord(spec.period)}
      </p>
      {priceRangeFields.map((field) => (
        <div key={field} className="survey-field">
          <label htmlFor={`${id}-${field}`}>{priceRangeQuestion(field, spec.offer)}</label>
          <div className="survey-money">
            <span aria-hidden="true">{currencySymbol(spec.currency)}</span>
            <input
              id={`${id}-${field}`}
              className="survey-input"
              type="number"
              inputMode="decimal"
              step="any"
              min={0}
              aria-describedby={`${id}-unit`}
              value={draft[field]}
              onChange={(event) => onChange({ ...draft, [field]: event.target.value })}
            />
          </div>
        </div>
      ))}
      {spec.likelihood &&
        (['buyAtBargain', 'buyAtExpensive'] as const).map((key) => (
          <fieldset key={key} className="survey-set">
            <legend>
              How likely would you be to buy it at{' '}
              {key === 'buyAtBargain'
                ? at(draft.bargain, 'your bargain price')
                : at(draft.expensive, 'your getting-expensive price')}
              ?
            </legend>
            <Points
              name={`${name}-${key}`}
              from={0}
              to={10}
              value={draft[key]}
              low="Not at all likely"
              high="Extremely likely"
              onChange={(value) => onChange({ ...draft, [key]: value })}
            />
          </fieldset>
        ))}
    </div>
  );
}

/**
 * One question as its type asks it, in its own fieldset; the problem found
 * when sending shows under the question text and describes the group.
 */
export function SurveyQuestionField({
  question,
  number,
  draft,
  problem,
  fieldsetRef,
  onChange,
}: {
  question: SurveyQuestion;
  number: number;
  draft: Draft;
  problem: string | null;
  fieldsetRef: Ref<HTMLFieldSetElement>;
  onChange: (draft: Draft) => void;
}) {
  const id = useId();
  const name = `q${id}`;
  const { spec } = question;
  const problemId = `${id}-problem`;

  const controls = (): ReactNode => {
    switch (spec.type) {
      case 'scale':
        return draft.type === 'scale' ? (
          <Scale spec={spec} draft={draft} name={name} onChange={onChange} />
        ) : null;
      case 'nps':
        return draft.type === 'nps' ? (
          <Points
            name={name}
            from={0}
            to={10}
            value={draft.value}
            low="Not at all likely"
            high="Extremely likely"
            onChange={(value) => onChange({ type: 'nps', value })}
          />
        ) : null;
      case 'single_choice':
      case 'multiple_choice':
        return draft.type === 'single_choice' || draft.type === 'multiple_choice' ? (
          <Choices spec={spec} draft={draft} name={name} onChange={onChange} />
        ) : null;
      case 'number':
        return draft.type === 'number' ? (
          <NumberAnswer spec={spec} draft={draft} id={`${id}-number`} onChange={onChange} />
        ) : null;
      case 'ranking':
        return draft.type === 'ranking' ? (
          <Ranking spec={spec} draft={draft} id={id} onChange={onChange} />
        ) : null;
      case 'maxdiff':
        return draft.type === 'maxdiff' ? (
          <MaxDiff
            spec={spec}
            sets={question.maxDiffSets}
            draft={draft}
            name={name}
            onChange={onChange}
          />
        ) : null;
      case 'price_ladder':
        return draft.type === 'price_ladder' ? (
          <PriceLadder spec={spec} draft={draft} name={name} onChange={onChange} />
        ) : null;
      case 'price_range':
        return draft.type === 'price_range' ? (
          <PriceRange spec={spec} draft={draft} id={id} name={name} onChange={onChange} />
        ) : null;
    }
  };

  return (
    <fieldset
      ref={fieldsetRef}
      className="survey-question"
      aria-describedby={problem ? problemId : undefined}
    >
      <legend>
        <span className="survey-number">{number}.</span> {question.questionText}
      </legend>
      {problem && (
        <p id={problemId} className="share-error survey-problem">
          {problem}
        </p>
      )}
      {controls()}
    </fieldset>
  );
}
