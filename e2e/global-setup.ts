import { startSystem } from './system';

/**
 * Builds nothing (the root `npm test` builds first): starts the system once
 * for every test and stops it afterwards.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const system = await startSystem();
  process.env.CHORUS_E2E_SYSTEM = JSON.stringify(system.info);
  return () => system.stop();
}
