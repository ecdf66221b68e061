// Preloaded (`node --require`) into a platform process a test starts: on SIGUSR2 it writes to
// LOADED_MODULES_FILE every module the process has loaded so far, and which tracer provider the
// OpenTelemetry API hands out, so the test can tell what a running platform has loaded.
const { writeFileSync } = require("node:fs");

process.on("SIGUSR2", () => {
  const modules = Object.keys(require.cache);
  // The API is loaded anyway by then (Apollo Gateway imports it); asking it loads nothing new.
  const api = modules.some((file) => file.includes("/@opentelemetry/api/")) ? require("@opentelemetry/api") : undefined;
  const provider = api?.trace.getTracerProvider();
  const tracerProvider = provider ? (provider.getDelegate?.() ?? provider).constructor.name : null;
  writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify({ modules, tracerProvider }));
});
