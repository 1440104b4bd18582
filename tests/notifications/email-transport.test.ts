import { describe, expect, it } from "vitest";
import { transportUrl } from "@/lib/server/email";

/** SMTP_URL as the mail transport is made from it: TLS required on smtp:// unless the URL opts out. */
describe("transportUrl", () => {
  it("requires STARTTLS on smtp://, with or without a query already", () => {
    expect(transportUrl("smtp://user:p%40ss@mail.example.com:587")).toBe(
      "smtp://user:p%40ss@mail.example.com:587?requireTLS=true",
    );
    expect(transportUrl("smtp://mail.example.com/?name=deck")).toBe(
      "smtp://mail.example.com/?name=deck&requireTLS=true",
    );
  });

  it("keeps an explicit choice, and leaves smtps:// (TLS from the start) alone", () => {
    expect(transportUrl("smtp://127.0.0.1:25/?requireTLS=false")).toBe(
      "smtp://127.0.0.1:25/?requireTLS=false",
    );
    expect(transportUrl("smtps://mail.example.com:465")).toBe("smtps://mail.example.com:465");
  });
});
