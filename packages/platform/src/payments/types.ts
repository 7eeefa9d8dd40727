import type { ComponentType } from 'react';

/** Who pays: the card's billing details. */
export interface BillingDetails {
  name: string;
  email: string;
}

/** A payment method id for the server (stripeToken), or the provider's own error message. */
export type PaymentMethodResult = { paymentMethodId: string } | { error: string };

/** Turns what the user entered into a payment method. */
export interface PaymentMethodCollector {
  createPaymentMethod(billing: BillingDetails): Promise<PaymentMethodResult>;
}

export interface CardEntryProps {
  /** Called with a collector once the card fields are ready, and with null when they go away. */
  onReady(collector: PaymentMethodCollector | null): void;
  /** Prefills the cardholder name. */
  defaultName?: string;
}

/**
 * A way to collect a payment method in the browser: the local test-mode card
 * form, or (when a publishable key is configured) Stripe Elements. Screens
 * render `CardEntry` and call the collector it hands them.
 */
export interface PaymentProvider {
  name: string;
  CardEntry: ComponentType<CardEntryProps>;
}
