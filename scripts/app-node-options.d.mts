export declare const APP_HEAP_MB: number;
export declare function appNodeOptions(existing?: string): string;
