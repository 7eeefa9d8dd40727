import {
  type PublicShareView,
  SHARE_COMMENT_MAX,
  type ShareAnswer,
  shareResponseRequest,
  formatDate,
} from '@chorus/contracts';
import { useZodForm } from '@chorus/platform/ui';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { loadLink, type Loaded, sendResponse, trackShareResponse } from './api';

/** /share/{token} or /compare/{token} -> the token. */
function tokenOf(path: string): string {
  const match = /^\/(?:share|compare)\/([^/]+)\/?$/.exec(path);
  return match ? decodeURIComponent(match[1]!) : '';
}

/** The Chorus mark and word, as the app's top bar shows them. */
export function Brand() {
  return (
    <header className="share-brand">
      <a href="/" aria-label="Chorus">
        <span className="share-mark" aria-hidden="true">
          <svg viewBox="0 0 24 24" fill="none">
            <path
              d="M4 14c2-4 4-6 6-6s2 8 4 8 4-4 6-8"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <span className="share-word">Chorus</span>
      </a>
    </header>
  );
}

export function SharePage({ path }: { path: string }) {
  return (
    <>
      <Brand />
      <ShareContent path={path} />
    </>
  );
}

function ShareContent({ path }: { path: string }) {
  const token = tokenOf(path);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    void loadLink(token).then(setLoaded);
  }, [token]);

  if (!loaded) return <p className="share-loading">Loading…</p>;
  if (loaded.state !== 'ready') {
    return (
      <section className="share-card" aria-labelledby="share-title">
        <h1 id="share-title">
          {loaded.state === 'unavailable' ? 'This link is not available' : 'Something went wrong'}
        </h1>
        <p>{loaded.message}</p>
        {loaded.state === 'unavailable' && (
          <p className="share-muted">Ask the person who sent it to you for a new link.</p>
        )}
      </section>
    );
  }
  return <ShareForm token={token} link={loaded.link} />;
}

const readableDay = (iso: string) => formatDate(iso, 'medium');

/** The earlier ranking when it still holds exactly the link's items, else the link's order. */
function rankingOrder(link: PublicShareView, earlier: ShareAnswer | undefined): string[] {
  const ids = link.items.map((item) => item.id);
  if (earlier?.type !== 'ranking') return ids;
  const same =
    earlier.ranking.length === ids.length && earlier.ranking.every((id) => ids.includes(id));
  return same ? [...earlier.ranking] : ids;
}

/** The answer as the form holds it: every kind's control, the link's kind picks one. */
const answerFields = z.object({
  rating: z.string(),
  thumbs: z.string(),
  text: z.string(),
  ranking: z.array(z.string()),
  comment: z.string(),
  name: z.string(),
  email: z.string(),
});
type AnswerFields = z.input<typeof answerFields>;

/**
 * The form's values become the response the link takes, read by the
 * request's own rules; the first objection is the form's one message.
 */
function responseForm(link: PublicShareView) {
  return answerFields.transform((values, ctx) => {
    const answer =
      link.kind === 'comparison'
        ? { type: 'ranking', ranking: values.ranking }
        : link.feedbackType === 'rating'
          ? { type: 'rating', rating: values.rating ? Number(values.rating) : undefined }
          : link.feedbackType === 'thumbs'
            ? { type: 'thumbs', thumbs: values.thumbs || undefined }
            : { type: 'text', text: values.text };
    const read = shareResponseRequest.safeParse({
      answer,
      comment: link.allowComments && values.comment.trim() ? values.comment : undefined,
      name: values.name.trim() || undefined,
      email: values.email.trim() || undefined,
    });
    if (read.success) return read.data;
    ctx.addIssue({
      code: 'custom',
      message: read.error.issues[0]?.message ?? 'Check your answer',
      path: ['root'],
    });
    return z.NEVER;
  });
}

const RATING_WORDS = ['Not useful', 'Slightly useful', 'Useful', 'Very useful', 'Essential'];

function ShareForm({ token, link }: { token: string; link: PublicShareView }) {
  const isComparison = link.kind === 'comparison';
  // This browser's last answer, filled in: sending again replaces it.
  const mine = link.myResponse;
  const earlier = mine?.answer;
  const [schema] = useState(() => responseForm(link));
  // Checked when sent, and again only at the next send.
  const form = useZodForm(schema, {
    defaultValues: {
      rating: earlier?.type === 'rating' ? String(earlier.rating) : '',
      thumbs: earlier?.type === 'thumbs' ? earlier.thumbs : '',
      text: earlier?.type === 'text' ? earlier.text : '',
      ranking: rankingOrder(link, earlier),
      comment: mine?.comment ?? '',
      name: mine?.name ?? '',
      email: mine?.email ?? '',
    } satisfies AnswerFields,
    reValidateMode: 'onSubmit',
  });
  const rating = form.watch('rating');
  const thumbs = form.watch('thumbs');
  const order = form.watch('ranking');
  const comment = form.watch('comment');
  const error = form.formState.errors.root?.message;
  const sending = form.formState.isSubmitting;
  const [done, setDone] = useState<null | { replaced: boolean }>(null);
  const [gone, setGone] = useState('');
  const thanks = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (done) thanks.current?.focus();
  }, [done]);

  if (gone) {
    return (
      <section className="share-card">
        <h1>This link is not available</h1>
        <p>{gone}</p>
      </section>
    );
  }

  const submit = form.handleSubmit(async (response) => {
    const result = await sendResponse(token, response);
    if (result.ok) {
      trackShareResponse(isComparison ? 'ranking' : link.feedbackType);
      setDone({ replaced: result.replaced });
    } else if (result.gone) {
      setGone(result.message);
    } else {
      form.setError('root', { message: result.message });
    }
  });

  if (done) {
    return (
      <section className="share-card" aria-live="polite">
        <h1 ref={thanks} tabIndex={-1}>
          Thank you!
        </h1>
        <p>
          {done.replaced
            ? 'Your answer was updated. The team behind ' +
              (link.productName || 'this product') +
              ' will see it.'
            : 'Your answer was recorded. The team behind ' +
              (link.productName || 'this product') +
              ' will see it.'}
        </p>
        <button type="button" className="share-secondary" onClick={() => setDone(null)}>
          Change my answer
        </button>
      </section>
    );
  }

  const move = (index: number, by: number, focus = false) => {
    const to = index + by;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[index], next[to]] = [next[to]!, next[index]!];
    form.setValue('ranking', next);
    if (focus) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-rank-item="${next[to]}"]`)?.focus(),
      );
    }
  };
  const onRowKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, -1, true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, 1, true);
    }
  };
  const titleOf = (id: string) => link.items.find((item) => item.id === id)?.title ?? id;

  return (
    <form className="share-card" onSubmit={(event) => void submit(event)} noValidate>
      {link.productName && <p className="share-product">{link.productName}</p>}
      <h1>{link.title}</h1>
      {link.description && <p className="share-description">{link.description}</p>}
      {mine && (
        <p className="share-note" role="status">
          You answered on {readableDay(mine.updatedAt)}. Your answer is filled in below: change
          anything and send it again to replace it.
        </p>
      )}

      {isComparison ? (
        <fieldset>
          <legend>Rank these from most wanted (top) to least wanted</legend>
          <p className="share-muted" id="rank-help">
            Use the arrow buttons, or focus an item and press the Up and Down arrow keys.
          </p>
          <ol className="share-ranking" aria-describedby="rank-help">
            {order.map((id, index) => {
              const item = link.items.find((i) => i.id === id);
              return (
                <li
                  key={id}
                  data-rank-item={id}
                  tabIndex={0}
                  aria-label={`${index + 1}. ${titleOf(id)}`}
                  onKeyDown={(event) => onRowKey(event, index)}
                >
                  <span className="share-rank">{index + 1}</span>
                  <span className="share-item">
                    <strong>{titleOf(id)}</strong>
                    {item?.description && <span className="share-muted">{item.description}</span>}
                  </span>
                  <span className="share-moves">
                    <button
                      type="button"
                      aria-label={`Move ${titleOf(id)} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      aria-label={`Move ${titleOf(id)} down`}
                      disabled={index === order.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        </fieldset>
      ) : link.feedbackType === 'rating' ? (
        <fieldset>
          <legend>How useful would this be to you?</legend>
          <div className="share-choices" role="radiogroup" aria-label="Rating from 1 to 5">
            {[1, 2, 3, 4, 5].map((value) => (
              <label key={value} className={rating === String(value) ? 'share-chosen' : ''}>
                <input type="radio" value={value} {...form.register('rating')} />
                <span className="share-value">{value}</span>
                <span className="share-muted">{RATING_WORDS[value - 1]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : link.feedbackType === 'thumbs' ? (
        <fieldset>
          <legend>Do you want this?</legend>
          <div className="share-choices">
            {(['up', 'down'] as const).map((value) => (
              <label key={value} className={thumbs === value ? 'share-chosen' : ''}>
                <input type="radio" value={value} {...form.register('thumbs')} />
                <span className="share-value" aria-hidden="true">
                  {value === 'up' ? '👍' : '👎'}
                </span>
                <span>{value === 'up' ? 'Thumbs up' : 'Thumbs down'}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <label className="share-field">
          <span>Your answer</span>
          <textarea maxLength={SHARE_COMMENT_MAX} rows={5} {...form.register('text')} />
        </label>
      )}

      {link.allowComments && link.feedbackType !== 'text' && (
        <label className="share-field">
          <span>Comment (optional)</span>
          <textarea maxLength={SHARE_COMMENT_MAX} rows={3} {...form.register('comment')} />
          <span className="share-muted">
            {comment.length} / {SHARE_COMMENT_MAX}
          </span>
        </label>
      )}
      <div className="share-row">
        <label className="share-field">
          <span>Name (optional)</span>
          <input maxLength={100} autoComplete="name" {...form.register('name')} />
        </label>
        <label className="share-field">
          <span>E-mail (optional)</span>
          <input type="email" autoComplete="email" {...form.register('email')} />
        </label>
      </div>
      {error && (
        <p className="share-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="share-primary" disabled={sending}>
        {sending ? 'Sending…' : 'Send my answer'}
      </button>
      <p className="share-muted share-privacy">
        No account needed. One answer per browser: sending again replaces your answer. Answers are
        kept for {link.retentionDays} days after the link closes on {readableDay(link.expiresAt)},
        then deleted; your IP address is stored only as a salted hash.
      </p>
    </form>
  );
}
