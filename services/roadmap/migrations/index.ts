import { eventMigrations, type Migration } from '@chorus/service-kit';
import { roadmaps } from './0002_roadmaps';
import { shareLinks } from './0010_share_links';
import { shareLinkAddresses } from './0011_share_link_addresses';

export const migrations: Migration[] = [
  ...eventMigrations,
  roadmaps,
  shareLinks,
  shareLinkAddresses,
];
