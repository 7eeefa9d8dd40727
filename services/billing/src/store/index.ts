export { BillingStore } from './billing-store';
export { PromoCodeStore, PromoCodeTaken } from './promo-codes';
export { RevenueStore, type SubscriptionSpan } from './revenue';
export * from './rows';
