import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
export const REL = {
  appPort: Number(process.env.REL_APP_PORT ?? 3810),
  simPort: Number(process.env.REL_SIM_PORT ?? 4810),
  distDir: process.env.REL_DIST_DIR ?? ".next-bench-rel",
  absDist: path.join(ROOT, process.env.REL_DIST_DIR ?? ".next-bench-rel"),
};
