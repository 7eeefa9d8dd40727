export { BillingStore } from './billing-store';
export { PromoCodeStore, PromoCodeTaken } from './promo-codes';
export { RevenueStore } from './revenue';
export * from './rows';
