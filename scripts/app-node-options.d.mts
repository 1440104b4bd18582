export declare const KEEP_ALIVE_DEFAULT_MS: number;
export declare function keepAliveTimeoutMs(value?: string): number;
