import type {
  PublicQuestionLinkView,
  PublicShareView,
  QuestionLinkResponseRequest,
  ShareResponseRequest,
} from '@chorus/contracts';

/** The link behind a token, or the reason there is none to show. */
export type Loaded =
  | { state: 'ready'; link: PublicShareView }
  | { state: 'unavailable'; message: string }
  | { state: 'error'; message: string };

const unreachable = 'We could not load this page. Check your connection and try again.';

/** The plain message of a refusal: the question-link routes name it `error`, the share-link ones `message`. */
async function messageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') return body.error;
    return typeof body.message === 'string' ? body.message : fallback;
  } catch {
    return fallback;
  }
}

export async function loadLink(token: string): Promise<Loaded> {
  try {
    const response = await fetch(`/api/public/share-links/${encodeURIComponent(token)}`);
    if (response.ok) return { state: 'ready', link: (await response.json()) as PublicShareView };
    const message = await messageOf(response, unreachable);
    return response.status === 404
      ? { state: 'unavailable', message }
      : { state: 'error', message };
  } catch {
    return { state: 'error', message: unreachable };
  }
}

/** Sends the answer; the browser's cookie makes a second answer replace the first. */
export async function sendResponse(
  token: string,
  body: ShareResponseRequest,
): Promise<{ ok: true; replaced: boolean } | { ok: false; message: string; gone: boolean }> {
  try {
    const response = await fetch(`/api/public/share-links/${encodeURIComponent(token)}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
    if (response.ok) {
      const { replaced } = (await response.json()) as { replaced: boolean };
      return { ok: true, replaced };
    }
    return {
      ok: false,
      message: await messageOf(response, 'Your answer could not be sent. Please try again.'),
      gone: response.status === 404,
    };
  } catch {
    return { ok: false, message: 'Your answer could not be sent. Please try again.', gone: false };
  }
}

/** A question link behind a token, or the reason there is none to show. */
export type LoadedQuestions =
  | { state: 'ready'; link: PublicQuestionLinkView }
  | { state: 'unavailable'; message: string }
  | { state: 'error'; message: string };

export async function loadQuestionLink(token: string): Promise<LoadedQuestions> {
  try {
    const response = await fetch(`/api/public/question-links/${encodeURIComponent(token)}`);
    if (response.ok) {
      return { state: 'ready', link: (await response.json()) as PublicQuestionLinkView };
    }
    const message = await messageOf(response, unreachable);
    return response.status === 404
      ? { state: 'unavailable', message }
      : { state: 'error', message };
  } catch {
    return { state: 'error', message: unreachable };
  }
}

const notSent = 'Your answers could not be sent. Please try again.';

/** Sends every answer at once; the browser's cookie makes a second send replace the first. */
export async function sendQuestionAnswers(
  token: string,
  body: QuestionLinkResponseRequest,
): Promise<{ ok: true; replaced: boolean } | { ok: false; message: string; gone: boolean }> {
  try {
    const response = await fetch(
      `/api/public/question-links/${encodeURIComponent(token)}/responses`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      },
    );
    if (response.ok) {
      const { replaced } = (await response.json()) as { replaced?: unknown };
      return { ok: true, replaced: replaced === true };
    }
    return {
      ok: false,
      message: await messageOf(response, notSent),
      gone: response.status === 404,
    };
  } catch {
    return { ok: false, message: notSent, gone: false };
  }
}

/** share_response for the tag manager, as the app's other events are sent. */
export function trackShareResponse(feedbackType: string): void {
  const w = window as Window & { dataLayer?: Record<string, unknown>[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ event: 'share_response', feedback_type: feedbackType });
}
