"use client";

import * as React from "react";

/**
 * Whose keys a key list manages: a shared team's (its id) or, with none given, the person's own. The list's dialogs
 * and buttons send it with every key action, which checks on the server that the person may manage that team's keys.
 */
export const KeyTeamContext = React.createContext<string | undefined>(undefined);

export function useKeyTeam(): string | undefined {
  return React.useContext(KeyTeamContext);
}
