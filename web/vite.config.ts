import { defineConfig } from "vitest/config";

// WEB_OUT_DIR builds elsewhere (the server serves it with THREE_THIRTEEN_WEB_DIST).
declare const process: { env: Record<string, string | undefined> };
const outDir = process.env["WEB_OUT_DIR"]
  ?? decodeURIComponent(new URL("../src/threethirteen/web/dist", import.meta.url).pathname);

export default defineConfig({
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: { outDir, emptyOutDir: true, target: "es2022", assetsInlineLimit: 0 },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8313",
      "/ws": { target: "ws://127.0.0.1:8313", ws: true },
    },
  },
  test: { environment: "node", include: ["test/**/*.test.ts", "test/**/*.test.tsx"] },
});
