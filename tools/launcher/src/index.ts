export { type EmbeddedPostgresServer, startEmbeddedPostgres } from './postgres';
export {
  type ChorusOptions,
  databaseUrlFor,
  gatewayMain,
  type RunningChorus,
  services,
  startChorus,
} from './system';
