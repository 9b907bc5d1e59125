export { configQueryOptions, useClientConfig } from './api/config-api';
