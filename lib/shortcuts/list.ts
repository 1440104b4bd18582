/** The shortcuts as the `?` dialog lists them (apart from lib/shortcuts/keys.ts so the always-loaded listener does not carry the text). */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; what: string }> = [
  { keys: ["⌘ K", "Ctrl K"], what: "Open the command palette" },
  { keys: ["?"], what: "Show these shortcuts" },
  { keys: ["g", "o"], what: "Go to offers" },
  { keys: ["g", "c"], what: "Go to clusters" },
  { keys: ["g", "s"], what: "Go to settings" },
  { keys: ["c"], what: "Copy the launch command shown on a cluster's page" },
];
