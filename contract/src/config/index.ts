export { getRuntimeConfig, setRuntimeConfig } from './runtime-config';
export type { FirebaseSettings, RuntimeConfig } from './runtime-config';
