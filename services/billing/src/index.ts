export { type BillingConfig, billingConfigSchema, readBillingConfig } from './config';
export { type RunningBilling, startBilling } from './service';
