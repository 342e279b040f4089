import { defineConfig } from "vitest/config";

const outDir = decodeURIComponent(new URL("../src/threethirteen/web/dist", import.meta.url).pathname);

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
