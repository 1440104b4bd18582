export declare const CHROMIUM_CANDIDATES: Record<string, string[]>;
type Lookup = {
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  exists?: (file: string) => boolean;
};
export declare function findChromium(lookup?: Lookup): string | null;
export declare function playwrightChromiumPath(): string;
export declare function ensureChromium(
  options?: Lookup & { bundledPath?: () => string; install?: () => boolean; log?: (line: string) => void },
): { path: string; source: "CHROMIUM_PATH" | "system" | "playwright" };
