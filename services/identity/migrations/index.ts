import { eventMigrations, type Migration } from '@chorus/service-kit';
import { accounts } from './0002_accounts';
import { adminAuditLog } from './0003_admin_audit_log';

export const migrations: Migration[] = [...eventMigrations, accounts, adminAuditLog];
