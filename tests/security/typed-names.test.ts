import { describe, expect, it } from "vitest";
import { signUpSchema } from "@/lib/accounts/schemas";
import { addKeySchema, keyLabelSchema } from "@/lib/keys/schemas";
import { addSshKeyInputSchema } from "@/lib/launch/ssh-key";

const PUBLIC_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl a@b";
// Bidi overrides and isolates, zero-width space/joiners, word joiner, BOM, soft hyphen, and a C0 control.
const INVISIBLE = [
  "\u202e",
  "\u202d",
  "\u2066",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u2060",
  "\ufeff",
  "\u00ad",
  "\u0007",
];

const signUp = (name: string) =>
  signUpSchema.safeParse({
    name,
    email: "a@example.com",
    password: "correct horse battery",
    confirmPassword: "correct horse battery",
  });

describe("names a person types refuse control and invisible format characters", () => {
  it.each(INVISIBLE.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`, c]))(
    "%s in a display name, key label and SSH key name",
    (_label, c) => {
      const name = `Ad${c}min`;
      const s = signUp(name);
      expect(s.success).toBe(false);
      expect(s.error?.issues[0]?.path).toEqual(["name"]);
      expect(s.error?.issues[0]?.message).toMatch(/invisible formatting characters/);
      expect(keyLabelSchema.safeParse(name).success).toBe(false);
      expect(
        addKeySchema.safeParse({
          label: `Team ${c}gnitset`,
          environment: "",
          apiKey: "rc_live_0123456789abc",
        }).success,
      ).toBe(false);
      const ssh = addSshKeyInputSchema.safeParse({ name, public_key: PUBLIC_KEY });
      expect(ssh.success).toBe(false);
      expect(ssh.error?.issues[0]?.path).toEqual(["name"]);
    },
  );

  it("keeps ordinary names, accents, other scripts and emoji", () => {
    for (const name of ["Ada Lovelace", "Zoë Ñúñez", "李小龍", "עברית", "Team – staging 🚀"]) {
      expect(signUp(name).success, name).toBe(true);
      expect(keyLabelSchema.safeParse(name).success, name).toBe(true);
      expect(addSshKeyInputSchema.safeParse({ name, public_key: PUBLIC_KEY }).success, name).toBe(true);
    }
  });
});
