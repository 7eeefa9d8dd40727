import { readsAfterWrites } from './reads-after-writes';
import { chorus } from './teams-chorus';

// The embedded run's gateway calls the catalog in process, and the catalog
// answers reads from memory (each owner's products, each user's team
// memberships), invalidated at commit.
describe('reads right after the same customer’s writes', () => {
  readsAfterWrites(() => ({ chorus, read: chorus.api }));
});
