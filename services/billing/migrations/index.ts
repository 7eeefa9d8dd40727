import { eventMigrations, type Migration } from '@chorus/service-kit';
import { billing } from './0002_billing';
import { localProvider } from './0003_local_provider';

export const migrations: Migration[] = [...eventMigrations, billing, localProvider];
