import type { SpecOf } from '@chorus/contracts';
import { type KeyboardEvent, useRef } from 'react';
import type { Draft, DraftOf } from '../survey-drafts';

export function Ranking({
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
