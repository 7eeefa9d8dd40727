export { readIdentityConfig } from './config';
export type { Invitation } from './domain/invitations';
export type { Mailer } from './mailer';
export { type RunningIdentity, startIdentity } from './service';
