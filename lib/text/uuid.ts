const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from the browser and from links; a malformed one must be "not found", not a database cast error. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
