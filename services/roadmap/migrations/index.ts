import { eventMigrations, type Migration } from '@chorus/service-kit';
import { roadmaps } from './0002_roadmaps';

export const migrations: Migration[] = [...eventMigrations, roadmaps];
