import { eventMigrations, type Migration } from '@chorus/service-kit';
import { billing } from './0002_billing';
import { localProvider } from './0003_local_provider';
import { teamSeats } from './0004_team_seats';

export const migrations: Migration[] = [...eventMigrations, billing, localProvider, teamSeats];
