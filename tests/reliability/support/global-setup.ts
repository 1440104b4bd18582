import { buildApp } from "../../support/stack";
import { REL } from "./config";

export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  buildApp(REL.distDir);
}
