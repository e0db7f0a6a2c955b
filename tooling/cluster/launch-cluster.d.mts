export declare const CLUSTER_PORTS: {
  shell: number;
  api: number;
  shellServers: number[];
  apiInstances: number[];
  stats: number;
};

export declare function findHaproxy(): string | null;
export declare function ensureHaproxy(log?: (line: string) => void): string;

export interface RunningCluster {
  /** The shell through HAProxy. */
  url: string;
  /** The API through HAProxy. */
  apiUrl: string;
  statsUrl: string | null;
  mailInbox: string | null;
  /** Each API instance and shell server directly, past HAProxy. */
  apiInstances: string[];
  shellServers: string[];
  /** The release registry's settings (PostgreSQL) for `pnpm release …`. */
  registryEnv: Record<string, string>;
  killApi(index: number): Promise<void>;
  startApi(index: number): Promise<void>;
  killShell(index: number): Promise<void>;
  startShell(index: number): Promise<void>;
  stop(): Promise<void>;
}

export declare function launchCluster(options: {
  databaseUrl: string;
  databaseSchema?: string;
  jwtSecret?: string;
  pageLoadSecret?: string;
  authEmulator?: boolean;
  mailCatcher?: boolean;
  apiEnv?: Record<string, string>;
  shellEnv?: Record<string, string>;
  ports?: typeof CLUSTER_PORTS;
  log?: (line: string) => void;
  onUnexpectedExit?: (reason: string) => void;
}): Promise<RunningCluster>;
