/**
 * Variant `html-root`: outside /api/v1 the simulator answers like the marketing site at the API's origin does —
 * 200 with an HTML page — so a console configured with the bare origin (no /api/v1) sees HTML, not a JSON 404.
 */
import type { ServerResponse } from "node:http";

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Runcrate — GPU cloud</title></head>
<body>
<h1>Runcrate</h1>
<p>On-demand GPUs and multi-node clusters. Sign in to the dashboard to launch one.</p>
</body>
</html>
`;

export function sendHtmlPage(res: ServerResponse): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(PAGE),
    "Cache-Control": "no-store",
  });
  res.end(PAGE);
}
