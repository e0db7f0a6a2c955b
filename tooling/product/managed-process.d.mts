export interface ManagedProcessOptions {
  /** The prefix of its output lines, and its name in errors. */
  label: string;
  command: string;
  args: string[];
  cwd?: string;
  /** Added to this process's environment. */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  onLine?: (line: string) => void;
}

export interface ManagedProcess {
  label: string;
  pid: number | undefined;
  /** Resolves when it exited; `code: 1` when it never started. */
  exit: Promise<{ code: number | null; signal: string | null }>;
  readonly exited: boolean;
  kill(): Promise<void>;
  stop(graceMs?: number): Promise<void>;
}

export declare function startManagedProcess(options: ManagedProcessOptions): ManagedProcess;
export declare function waitForHttp(
  url: string,
  options?: { timeoutMs?: number; process?: ManagedProcess },
): Promise<void>;
export declare function answers(url: string): Promise<boolean>;
