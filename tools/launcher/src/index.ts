export { type EmbeddedPostgresServer, startEmbeddedPostgres } from './postgres';
export { type ChorusOptions, databaseUrlFor, type RunningChorus, startChorus } from './system';
