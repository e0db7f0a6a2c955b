export declare function createCatalogTags(options?: {
  freshMs?: number;
  timeoutMs?: number;
}): (apiUrl: string) => Promise<string | null>;
