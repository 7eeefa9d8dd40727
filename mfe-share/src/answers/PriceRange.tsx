import type { SpecOf } from '@chorus/contracts';
import {
  type Draft,
  type DraftOf,
  numberOf,
  priceRangeFields,
  priceRangeQuestion,
  priceText,
  periodWord,
} from '../survey-drafts';
import { Points } from './Points';

const currencySymbol = (currency: string) => {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
};

export function PriceRange({
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
