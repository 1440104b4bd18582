// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isTypingTarget, keyAction, type KeyPress } from "@/lib/shortcuts/keys";

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});
const idle = { typing: false, pendingG: false, dialogOpen: false };

describe("keyAction", () => {
  it("opens the palette with ⌘K and Ctrl-K, even while typing or in a dialog", () => {
    expect(keyAction(press("k", { metaKey: true }), idle)).toEqual({ kind: "palette" });
    expect(keyAction(press("K", { ctrlKey: true }), { ...idle, typing: true })).toEqual({ kind: "palette" });
    expect(keyAction(press("k", { ctrlKey: true, altKey: true }), idle)).toBeNull();
  });

  it("g then o / c / s goes to offers, clusters, settings", () => {
    expect(keyAction(press("g"), idle)).toEqual({ kind: "await-second" });
    expect(keyAction(press("o"), { ...idle, pendingG: true })).toMatchObject({ kind: "go", href: "/offers" });
    expect(keyAction(press("c"), { ...idle, pendingG: true })).toMatchObject({
      kind: "go",
      href: "/clusters",
    });
    expect(keyAction(press("s"), { ...idle, pendingG: true })).toMatchObject({
      kind: "go",
      href: "/settings",
    });
    expect(keyAction(press("o"), idle)).toBeNull();
  });

  it("? shows the shortcuts and c copies, but no single key fires while typing, in a dialog or with a modifier", () => {
    expect(keyAction(press("?", { shiftKey: true }), idle)).toEqual({ kind: "help" });
    expect(keyAction(press("c"), idle)).toEqual({ kind: "copy" });
    for (const ctx of [
      { ...idle, typing: true },
      { ...idle, dialogOpen: true },
    ]) {
      expect(keyAction(press("c"), ctx)).toBeNull();
      expect(keyAction(press("?"), ctx)).toBeNull();
      expect(keyAction(press("g"), ctx)).toBeNull();
    }
    expect(keyAction(press("c", { metaKey: true }), idle)).toBeNull();
  });
});

describe("isTypingTarget", () => {
  it("is true in inputs, text areas, selects and editable content; false elsewhere", () => {
    document.body.innerHTML = `<input id="i"><textarea id="t"></textarea><select id="s"></select>
      <div contenteditable="true"><span id="ce">x</span></div><button id="b">b</button>`;
    for (const id of ["i", "t", "s", "ce"]) expect(isTypingTarget(document.getElementById(id))).toBe(true);
    expect(isTypingTarget(document.getElementById("b"))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
