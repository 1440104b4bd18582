export declare const APP_HEAP_MB: number;
export declare function appNodeOptions(existing?: string): string;
export declare const KEEP_ALIVE_DEFAULT_MS: number;
export declare function keepAliveTimeoutMs(value?: string): number;
