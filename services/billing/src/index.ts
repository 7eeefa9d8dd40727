export { readBillingConfig } from './config';
export { type RunningBilling, startBilling } from './service';
