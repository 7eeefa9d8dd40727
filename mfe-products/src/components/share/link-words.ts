import { formatDate, type QuestionLinkView } from '@chorus/contracts';

// How a link to real people is written on the page.

/** The address people open: the server's, made whole when it answers a path. */
export function linkAddress(url: string): string {
  return url.startsWith('/') ? `${window.location.origin}${url}` : url;
}

export const linkDay = (iso: string) => formatDate(iso, 'medium', { fallback: iso });

type LinkState = 'open' | 'off' | 'expired';

export function linkState(link: QuestionLinkView, now = Date.now()): LinkState {
  if (Date.parse(link.expiresAt) <= now) return 'expired';
  return link.isActive ? 'open' : 'off';
}

export const linkStateWords: Record<LinkState, string> = {
  open: 'Open to answers',
  off: 'Switched off',
  expired: 'Expired',
};

/** "No responses", "1 response", "12 responses". */
export function responsesWords(count: number): string {
  if (count === 0) return 'No responses yet';
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'response' : 'responses'}`;
}

/** Where a link's people-vs-personas results are read. */
export const comparePath = (productId: string, linkId: string) =>
  `/products/${encodeURIComponent(productId)}/question-links/${encodeURIComponent(linkId)}`;
