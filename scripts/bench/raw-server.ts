// The benchmark's yardstick: a bare node:http server answering the same HTML bytes as the site's home page, so
// every figure can be read as a ratio that holds on a noisy machine.
// Usage: node scripts/bench/raw-server.ts <port> <html file> [gzip]   (listens on 127.0.0.1 only)
import { readFileSync } from "node:fs";
import http from "node:http";
import { gzip } from "node:zlib";

const [portArgument, file, mode] = process.argv.slice(2);
if (!portArgument || !file) {
  console.error("usage: node scripts/bench/raw-server.ts <port> <html file> [gzip]");
  process.exit(2);
}
const html = readFileSync(file);
const compress = mode === "gzip";

const server = http.createServer((request, response) => {
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  response.setHeader("Cache-Control", "private, no-cache");
  // Compressed per request, as the site does, so the comparison includes the cost of compressing.
  if (compress && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
    gzip(html, (error, compressed) => {
      if (error) {
        response.statusCode = 500;
        response.end();
        return;
      }
      response.setHeader("Content-Encoding", "gzip");
      response.setHeader("Vary", "Accept-Encoding");
      response.end(compressed);
    });
    return;
  }
  response.end(html);
});
server.keepAliveTimeout = 5_000;
server.listen(Number(portArgument), "127.0.0.1", () =>
  console.log(`[raw] listening on 127.0.0.1:${portArgument}${compress ? " (gzip)" : ""}`),
);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
