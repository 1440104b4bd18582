"use client";

import { useQueryClient } from "@tanstack/react-query";

/**
 * What a successful key switch does in the browser, wherever it is made (header menu, Settings): everything
 * cached was read with the other key, so it is read again. The server-rendered pages refresh by the action's
 * revalidation, and the console layout mounts the page afresh under the new key.
 */
export function useAfterKeySwitch(): () => void {
  const qc = useQueryClient();
  return () => void qc.resetQueries();
}
