/**
 * The real Runcrate client as tests make it: pointed at a test server (the scripted fake or the simulator), with a
 * short timeout and back-off so a retried call takes milliseconds; anything else as the test says.
 */
import { createRuncrateClient, type RuncrateClientOptions } from "@/lib/runcrate/server/client";
import { TEST_KEY } from "./runcrate-bodies";

export function testClient(baseUrl: string, opts: Partial<RuncrateClientOptions> = {}) {
  return createRuncrateClient({
    apiKey: TEST_KEY,
    baseUrl,
    timeoutMs: 2_000,
    retryBaseDelayMs: 5,
    ...opts,
  });
}
