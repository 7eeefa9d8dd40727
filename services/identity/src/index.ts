export { identityConfigSchema, type IdentityConfig, readIdentityConfig } from './config';
export type { Mailer } from './mailer';
export { type RunningIdentity, startIdentity } from './service';
