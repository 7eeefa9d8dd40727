import { analyticsDefaults, type AnalyticsEvent, type AnalyticsPayload } from '@chorus/contracts';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

function push(entry: Record<string, unknown>): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}

/** "sub_" followed by a timestamp. */
function subscriptionTransactionId(at: Date = new Date()): string {
  return `sub_${at.getTime()}`;
}

/** Sends one of the spec's events to the tag manager. */
export function trackEvent(event: AnalyticsEvent, payload: AnalyticsPayload = {}): void {
  push({ event, ...payload });
}

/** A page view; the shell sends one on every route change. */
export function trackPageView(path: string, title: string = document.title): void {
  push({ event: 'page_view', page_path: path, page_title: title });
}

/** The spec's events with their defaults filled in. */
export const analytics = {
  signUp: (method: string = analyticsDefaults.method) => trackEvent('sign_up', { method }),
  login: (method: string = analyticsDefaults.method) => trackEvent('login', { method }),
  productCreated: (product: { productName: string; industry?: string }) =>
    trackEvent('product_created', {
      product_name: product.productName,
      ...(product.industry ? { industry: product.industry } : {}),
    }),
  purchase: (purchase: {
    value: number;
    planType: string;
    currency?: string;
    transactionId?: string;
  }) =>
    trackEvent('purchase', {
      value: purchase.value,
      plan_type: purchase.planType,
      currency: purchase.currency ?? analyticsDefaults.currency,
      transaction_id: purchase.transactionId ?? subscriptionTransactionId(),
    }),
  personaSelection: (personaCount: number) =>
    trackEvent('persona_selection', { persona_count: personaCount }),
  questionSubmitted: (questionType: string) =>
    trackEvent('question_submitted', { question_type: questionType }),
  inviteSent: (role: string) => trackEvent('invite_sent', { role }),
  inviteAccepted: (role: string) => trackEvent('invite_accepted', { role }),
  billingInteraction: (action: string) => trackEvent('billing_interaction', { action }),
  conversion: (conversion: { value?: number; currency?: string } = {}) =>
    trackEvent('conversion', {
      value: conversion.value ?? analyticsDefaults.conversionValue,
      currency: conversion.currency ?? analyticsDefaults.currency,
    }),
};
