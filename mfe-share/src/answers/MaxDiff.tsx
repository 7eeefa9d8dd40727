import type { SpecOf } from '@chorus/contracts';
import type { Draft, DraftOf } from '../survey-drafts';

export function MaxDiff({
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
