export { readGatewayConfig } from './config';
export { startGateway } from './service';
