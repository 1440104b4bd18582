/** The simulator's control endpoints, for the offers and create-cluster end-to-end tests (see sim/routes/control.ts). */
import { expect, type APIRequestContext } from "@playwright/test";
import { offersResponseSchema, type Offer } from "@/lib/runcrate/schemas";

// Same rule as playwright.config.ts's `e2e.simUrl`, without importing the config into a test.
export const SIM_URL = `http://127.0.0.1:${Number(process.env.E2E_SIM_PORT ?? 4110)}`;

export async function simOffers(request: APIRequestContext, key: string): Promise<Offer[]> {
  const res = await request.get(`${SIM_URL}/api/v1/clusters/offers?include_community=true`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.status()).toBe(200);
  return offersResponseSchema.parse(await res.json()).data;
}

export async function simClusters(
  request: APIRequestContext,
  key: string,
): Promise<Array<{ id: string; name: string; node_count: number; stack: string; [k: string]: unknown }>> {
  const res = await request.get(`${SIM_URL}/__sim/workspaces/clusters?key=${encodeURIComponent(key)}`);
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as { data: Array<{ id: string; name: string; node_count: number; stack: string }> }
  ).data;
}

export async function setBalance(request: APIRequestContext, key: string, credits: number) {
  const res = await request.post(`${SIM_URL}/__sim/workspaces/balance`, { data: { key, credits } });
  expect(res.status()).toBe(200);
}

export async function setFaults(request: APIRequestContext, faults: Record<string, unknown>) {
  const res = await request.post(`${SIM_URL}/__sim/faults`, { data: faults });
  expect(res.status()).toBe(200);
}

export async function clearFaults(request: APIRequestContext) {
  await request.delete(`${SIM_URL}/__sim/faults`);
}

export async function simSshKeys(
  request: APIRequestContext,
  key: string,
): Promise<Array<{ id: string; name: string }>> {
  const res = await request.get(`${SIM_URL}/api/v1/ssh-keys`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return ((await res.json()) as { data: Array<{ id: string; name: string }> }).data;
}

export async function deleteSshKey(request: APIRequestContext, key: string, id: string) {
  const res = await request.delete(`${SIM_URL}/api/v1/ssh-keys/${id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.ok()).toBe(true);
}
