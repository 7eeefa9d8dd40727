import type { PaymentProvider } from './types';

export * from './local-card';
export * from './types';

let provider: PaymentProvider | null = null;
const listeners = new Set<() => void>();

/**
 * Chooses how card details are collected on every payment screen (e.g.
 * Stripe Elements when a publishable key is configured); null falls back to
 * the local test-mode card form. Kept in the shared platform so every
 * microfrontend sees the same choice.
 */
export function setPaymentProvider(next: PaymentProvider | null): void {
  provider = next;
  for (const listener of listeners) listener();
}

export function getPaymentProvider(): PaymentProvider | null {
  return provider;
}

export function subscribePaymentProvider(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
