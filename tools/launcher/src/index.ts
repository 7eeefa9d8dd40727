export { startEmbeddedPostgres } from './postgres';
export { databaseUrlFor, type RunningChorus, startChorus } from './system';
