/** Types for process-singleton.mjs (plain ESM, so the server entry can import it). */
export function processSingleton<T>(name: string, create: () => T): T;
