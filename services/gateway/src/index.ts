export { type GatewayConfig, gatewayConfigSchema, readGatewayConfig } from './config';
export { type RunningGateway, startGateway } from './service';
