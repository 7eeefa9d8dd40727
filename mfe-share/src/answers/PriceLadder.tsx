import type { SpecOf } from '@chorus/contracts';
import { type Draft, type DraftOf, priceText } from '../survey-drafts';

export function PriceLadder({
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
