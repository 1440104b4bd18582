/** What the browser gets to know about a stored Runcrate key: label, environment, last 4 — nothing that could rebuild it. */
export type KeyView = {
  id: string;
  label: string;
  environment: string | null;
  last4: string;
  isActive: boolean;
  updatedAt: string;
};
