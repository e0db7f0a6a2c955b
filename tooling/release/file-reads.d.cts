export declare function readWhenChanged<T>(file: string, parse: (text: string) => T): T;
export declare function fileReplaced(file: string): void;
