import { formatMoney } from '@chorus/contracts';
import type { GetLocalCheckoutSessionResponse } from '@chorus/proto/billing/v1/billing';

function escape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Only the origins the page may send the browser to, for its Content-Security-Policy. */
export function checkoutPagePolicy(session: GetLocalCheckoutSessionResponse): string {
  const origins = [session.successUrl, session.cancelUrl]
    .filter((url) => URL.canParse(url))
    .map((url) => new URL(url).origin);
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${[...new Set(origins)].join(' ')}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The local provider's hosted checkout page, where Stripe's would be: what
 * is bought and for how much, a choice of Stripe's test cards (a card number
 * never reaches the server) and a Pay button that completes the session for
 * real, then sends the browser to the success address.
 */
export function renderCheckoutPage(
  session: GetLocalCheckoutSessionResponse,
  options: { error?: string; cardholderName?: string } = {},
): string {
  const amount = formatMoney(session.amountCents, session.currency.toUpperCase());
  const open = session.status === 'open';
  const cards = session.testCards
    .map(
      (card, index) =>
        `<option value="${escape(card.paymentMethodId)}"${index === 0 ? ' selected' : ''}>${escape(card.label)}</option>`,
    )
    .join('');
  const body = open
    ? `<form method="post">
        <label>Test card<select name="paymentMethod">${cards}</select></label>
        <label>Name on card<input name="cardholderName" autocomplete="cc-name" value="${escape(options.cardholderName ?? '')}"></label>
        ${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
        <button type="submit">Pay ${escape(amount)}</button>
      </form>`
    : `<p class="error" role="alert">This checkout session has ${session.status === 'complete' ? 'already been paid' : 'expired'}.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout — Chorus</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f6f7f9; margin: 0; padding: 48px 16px; color: #1a1a1a; }
  main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 32px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .amount { font-size: 32px; font-weight: 600; margin: 16px 0 4px; }
  .muted { color: #666; font-size: 14px; }
  .notice { background: #fff7e0; border: 1px solid #f0d080; border-radius: 8px; padding: 8px 12px; font-size: 13px; margin: 16px 0; }
  label { display: block; font-size: 14px; margin: 16px 0 0; }
  select, input { display: block; width: 100%; box-sizing: border-box; margin-top: 6px; padding: 10px; border: 1px solid #ccd; border-radius: 6px; font-size: 15px; }
  button { width: 100%; margin-top: 24px; padding: 12px; border: 0; border-radius: 6px; background: #4f46e5; color: #fff; font-size: 16px; cursor: pointer; }
  .error { color: #b42318; font-size: 14px; }
  a { color: #4f46e5; }
</style>
</head>
<body>
<main>
  <h1>${escape(session.productName || 'Chorus')}</h1>
  <div class="muted">${escape(session.planDisplayName)}</div>
  <div class="amount">${escape(amount)}</div>
  <div class="muted">${session.planDisplayName === 'Annual Plan' ? 'per year' : 'per month'}</div>
  <p class="notice">Test mode: no Stripe account is configured, so payments use Stripe's test cards and no money moves.</p>
  ${body}
  <p class="muted"><a href="${escape(session.cancelUrl)}">Cancel and go back</a></p>
</main>
</body>
</html>`;
}
