export declare function readWhenChanged<T>(file: string, parse: (text: string) => T): T;
