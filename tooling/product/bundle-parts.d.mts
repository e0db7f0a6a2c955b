export declare const SINGLETON_PACKAGES: ReadonlySet<string>;
export declare function packageOfSource(source: string): string | null;
export declare function packagesInFile(distDir: string, file: string): Map<string | null, number>;
export declare function singletonsInFile(distDir: string, file: string): string[];
export declare function isMostlySingletons(distDir: string, file: string): boolean;
