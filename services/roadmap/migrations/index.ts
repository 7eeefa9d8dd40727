import { eventMigrations, type Migration } from '@chorus/service-kit';
import { roadmaps } from './0002_roadmaps';
import { shareLinks } from './0010_share_links';

export const migrations: Migration[] = [...eventMigrations, roadmaps, shareLinks];
