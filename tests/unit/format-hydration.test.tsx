// @vitest-environment jsdom
/**
 * Dates, money and counts that client components render on the server come out the same in the browser, for a user
 * outside en-US/UTC: each component is rendered to HTML on a "server" in UTC with an en-US default locale, then
 * hydrated in a "browser" in Asia/Kolkata (UTC+5:30, so the times below fall on the next day there) with a de-DE
 * default locale. React reports any text that differs as a recoverable hydration error; each test fails on one.
 *
 * Node reads its zone from process.env.TZ at every change (vitest runs this file in a child process of its own, so the
 * change stays here), but its default locale only once, at start. A browser's default locale is therefore stood in for
 * by giving "de-DE" to every Intl constructor and toLocale… method called without a locale. The component modules are
 * loaded again for each side (vi.resetModules), so formats made at module level are made under that side's defaults,
 * as in a real browser. The control test shows the harness catches the kind of code this guards against.
 */
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuditView } from "@/components/audit/audit-table";
import type { SeenEvent } from "@/lib/clusters/events";
import { makeCluster } from "../support/fixtures";

type Side = { tz: string; locale: string };
const SERVER: Side = { tz: "UTC", locale: "en-US" };
const BROWSER: Side = { tz: "Asia/Kolkata", locale: "de-DE" };

const originalTz = process.env.TZ;
const restores: (() => void)[] = [];

/** Makes `locale` the default of every Intl constructor and toLocale… method, until restored. */
function setDefaultLocale(locale: string) {
  const pick = (l: Intl.LocalesArgument) => l ?? locale;
  for (const name of [
    "DateTimeFormat",
    "NumberFormat",
    "Collator",
    "PluralRules",
    "RelativeTimeFormat",
  ] as const) {
    const Original = Intl[name] as unknown as new (l?: Intl.LocalesArgument, o?: object) => object;
    const Wrapped = function (this: unknown, l?: Intl.LocalesArgument, o?: object) {
      return new Original(pick(l), o);
    } as unknown as typeof Original;
    Object.assign(Wrapped, Original);
    Wrapped.prototype = Original.prototype;
    Object.defineProperty(Intl, name, { value: Wrapped, configurable: true, writable: true });
    restores.push(() =>
      Object.defineProperty(Intl, name, { value: Original, configurable: true, writable: true }),
    );
  }
  const methods: [object, string][] = [
    [Date.prototype, "toLocaleString"],
    [Date.prototype, "toLocaleDateString"],
    [Date.prototype, "toLocaleTimeString"],
    [Number.prototype, "toLocaleString"],
    [String.prototype, "localeCompare"],
  ];
  for (const [proto, key] of methods) {
    const original = (proto as Record<string, (...a: unknown[]) => unknown>)[key]!;
    const localeAt = key === "localeCompare" ? 1 : 0;
    Object.defineProperty(proto, key, {
      configurable: true,
      writable: true,
      value: function (this: unknown, ...args: unknown[]) {
        args[localeAt] = pick(args[localeAt] as Intl.LocalesArgument);
        return original.apply(this, args);
      },
    });
    restores.push(() =>
      Object.defineProperty(proto, key, { value: original, configurable: true, writable: true }),
    );
  }
}

async function enter(side: Side) {
  while (restores.length) restores.pop()!();
  process.env.TZ = side.tz;
  setDefaultLocale(side.locale);
  vi.resetModules();
}

const unmounts: (() => void)[] = [];

afterEach(async () => {
  const { act } = await import("react");
  await act(async () => {
    while (unmounts.length) unmounts.pop()!();
  });
  document.body.innerHTML = "";
  while (restores.length) restores.pop()!();
  process.env.TZ = originalTz;
});

/** Server HTML, then hydration of it in the browser; the hydration errors and the text the browser shows. */
async function renderThenHydrate(load: () => Promise<ReactElement>) {
  await enter(SERVER);
  const { renderToString } = await import("react-dom/server");
  const html = renderToString(await load());

  await enter(BROWSER);
  const { hydrateRoot } = await import("react-dom/client");
  const { act } = await import("react");
  const element = await load();
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const errors: string[] = [];
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    await act(async () => {
      const root = hydrateRoot(container, element, {
        onRecoverableError: (e) => errors.push(e instanceof Error ? e.message : String(e)),
      });
      unmounts.push(() => root.unmount());
    });
  } finally {
    consoleError.mockRestore();
  }
  return { html, errors, text: container.textContent ?? "" };
}

// Late in the UTC day: in Kolkata these are already the next day.
const CREATED = "2026-11-30T20:34:05.000Z";
const UP = "2026-11-30T20:35:40.000Z";

describe("server and browser render the same text in another zone and language", () => {
  it("holds for the harness: the browser side really is in Kolkata and German", async () => {
    await enter(BROWSER);
    expect(new Date(CREATED).getDate()).toBe(1);
    expect(new Date(CREATED).toLocaleString()).toBe("1.12.2026, 02:04:05");
    expect((1234.5).toLocaleString()).toBe("1.234,5");
    await enter(SERVER);
    expect(new Date(CREATED).toLocaleString()).toBe("11/30/2026, 8:34:05 PM");
  });

  it("fails on a date written in the runtime's own zone and locale (the control)", async () => {
    const { errors } = await renderThenHydrate(async () => {
      const Local = () => <span>{new Date(CREATED).toLocaleString(undefined, { dateStyle: "medium" })}</span>;
      return <Local />;
    });
    expect(errors.join("\n")).toMatch(/hydrat/i);
  });

  it("the cluster header: lifecycle times, rate and link speed", async () => {
    const cluster = makeCluster({
      created_at: CREATED,
      up_at: UP,
      ready_at: UP,
      hourly_rate: 1234.5,
      interconnect: { kind: "infiniband", label: "InfiniBand", rate_gbps: 3200, note: null },
    });
    const { errors, text } = await renderThenHydrate(async () => {
      const { ClusterHeader } = await import("@/components/clusters/cluster-header");
      return <ClusterHeader cluster={cluster} actions={null} live={null} stale={null} />;
    });
    expect(errors).toEqual([]);
    expect(text).toContain("Created Nov 30, 2026, 20:34 UTC");
    expect(text).toContain("Up Nov 30, 2026, 20:35 UTC");
    expect(text).toContain("3,200 Gbps");
  });

  it("the events list: times of day with seconds", async () => {
    const events: SeenEvent[] = [
      { id: 2, at: UP, kind: "cluster_up", rank: null, message: "up", isNew: false },
      { id: 1, at: CREATED, kind: "created", rank: null, message: "created", isNew: false },
    ];
    const { errors, text } = await renderThenHydrate(async () => {
      const { EventsList } = await import("@/components/clusters/events-list");
      return <EventsList events={events} />;
    });
    expect(errors).toEqual([]);
    expect(text).toContain("20:35:40 UTC");
    expect(text).toContain("20:34:05 UTC");
  });

  it("the audit table: absolute dates", async () => {
    const entries: AuditView[] = [
      {
        id: "a1",
        action: "launch",
        clusterId: null,
        clusterName: "train",
        keyLabel: "main",
        detail: "2 × 8 H100",
        actorEmail: "ana@example.com",
        at: CREATED,
      },
    ];
    const { errors, text } = await renderThenHydrate(async () => {
      const { AuditTable } = await import("@/components/audit/audit-table");
      return <AuditTable entries={entries} />;
    });
    expect(errors).toEqual([]);
    expect(text).toContain("Nov 30, 2026, 20:34 UTC");
  });
});
