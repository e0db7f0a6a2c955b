export interface BalancedPort {
  port: number;
  servers: number[];
}
export declare function haproxyConfig(topology: {
  shell: BalancedPort;
  api: BalancedPort;
  statsPort?: number;
  host?: string;
}): string;
