/**
 * The analytics events the spec names, with their payload fields. The browser
 * pushes them to the tag manager's dataLayer; defaults: method "email",
 * currency "USD", conversion value 1, subscription transaction id "sub_" + a
 * timestamp.
 */
export type AnalyticsEvent =
  | 'sign_up'
  | 'login'
  | 'product_created'
  | 'purchase'
  | 'persona_selection'
  | 'question_submitted'
  | 'billing_interaction'
  | 'conversion'
  | 'share_created'
  | 'share_response'
  | 'invite_sent'
  | 'invite_accepted';

export interface AnalyticsPayload {
  product_name?: string;
  industry?: string;
  plan_type?: string;
  value?: number;
  currency?: string;
  persona_count?: number;
  question_type?: string;
  method?: string;
  transaction_id?: string;
  action?: string;
  feedback_type?: string;
  /** invite_sent, invite_accepted: the member's role ('roadmap' for a roadmap shared on its own). */
  role?: string;
}

export const analyticsDefaults = { method: 'email', currency: 'USD', conversionValue: 1 } as const;
