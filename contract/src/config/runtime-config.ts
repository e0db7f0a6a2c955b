/**
 * Settings the shell reads at start-up from its deployed `config.json` (not from the build), so one
 * build runs against any API or sign-in project. Remotes read them through the shared singleton.
 */
export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Set for the local Auth emulator, e.g. http://127.0.0.1:9099. */
  emulatorUrl?: string;
}

export interface RuntimeConfig {
  apiUrl: string;
  firebase?: FirebaseSettings;
  tokenSyncUrl?: string;
}

const defaults: RuntimeConfig = { apiUrl: 'http://localhost:5000' };
let current: RuntimeConfig = defaults;

export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...defaults, ...config, apiUrl: (config.apiUrl ?? defaults.apiUrl).replace(/\/+$/, '') };
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}
