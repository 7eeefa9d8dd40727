import { eventMigrations, type Migration } from '@chorus/service-kit';
import { accounts } from './0002_accounts';

export const migrations: Migration[] = [...eventMigrations, accounts];
