/** The simulator's records as the API returns them (snake_case clusters; camelCase keys, storage, balance). */
import { iso, isoOrNull } from "./clock";
import { buildConnection, buildShared, sshCommand } from "./connection";
import type { EnvironmentRecord, SimCluster, SimTest, SshKeyRecord, StorageRecord, Workspace } from "./model";

export function testOut(t: SimTest) {
  return {
    id: t.id,
    kind: t.kind,
    status: t.status,
    started_at: isoOrNull(t.startedAt),
    finished_at: isoOrNull(t.finishedAt),
    result: t.result,
  };
}

export function clusterOut(c: SimCluster) {
  const o = c.offer;
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    stack: c.stack,
    stack_status: c.stackStatus,
    stack_detail: c.stackDetail,
    node_count: c.nodeCount,
    gpu_type: o.gpu_type,
    gpus_per_node: o.gpus_per_node,
    deployment_type: o.deployment_type,
    host_tier: o.host_tier,
    location: o.location,
    country_code: o.country_code,
    interconnect: { ...o.interconnect },
    hourly_rate_per_node: o.hourly_rate_per_node,
    hourly_rate: Math.round(o.hourly_rate_per_node * c.nodeCount * 100) / 100,
    created_at: iso(c.createdAt),
    up_at: isoOrNull(c.upAt),
    ready_at: isoOrNull(c.readyAt),
    terminated_at: isoOrNull(c.terminatedAt),
    nodes: c.nodes.map((n) => ({
      rank: n.rank,
      role: n.rank === c.rankOrigin ? "head" : "worker",
      instance_id: n.instanceId,
      name: `${c.name}-${n.rank}`,
      status: n.status,
      stage: n.stage,
      overlay_address: n.hasAddress ? n.overlay : null,
      gpus: o.gpus_per_node,
      ip: n.hasAddress ? n.ip : null,
      ssh_command: n.hasAddress ? sshCommand(n) : null,
    })),
    connection: buildConnection(c),
    shared: buildShared(c),
    events: c.events.map((e) => ({
      id: e.id,
      at: iso(e.at),
      kind: e.kind,
      rank: e.rank,
      message: e.message,
    })),
    last_test: c.lastTest ? testOut(c.lastTest) : null,
    billing: { billed_since: isoOrNull(c.billedSince), nodes_billed: c.nodes.filter((n) => n.billed).length },
    resize: o.resize,
    failure_reason: c.failureReason,
    failure_detail: c.failureDetail,
    offer_id: o.id,
    environment: c.environment,
  };
}

export function sshKeyOut(k: SshKeyRecord, ws: Workspace) {
  return {
    id: k.id,
    name: k.name,
    fingerprint: k.fingerprint,
    type: k.type,
    createdAt: iso(k.createdAt),
    lastUsed: isoOrNull(k.lastUsed),
    projectId: ws.projectId,
  };
}

export function storageOut(s: StorageRecord, ws: Workspace) {
  return {
    id: s.id,
    name: s.name,
    sizeGb: s.sizeGb,
    status: s.status,
    region: s.region,
    providerType: s.providerType,
    deploymentId: null,
    projectId: ws.projectId,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.createdAt),
  };
}

export function environmentOut(e: EnvironmentRecord) {
  return {
    id: e.id,
    name: e.name,
    is_default: e.isDefault,
    created_at: iso(e.createdAt),
    updated_at: iso(e.createdAt),
  };
}
