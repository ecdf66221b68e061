import path from "node:path";
import { defineConfig } from "prisma/config";

// `prisma generate` only checks that a schema-engine binary exists; it never runs it. The native engine
// cannot be downloaded on offline machines, so point at a script that explains the alternative.
// Migrations run through scripts/migrate.mjs (the WebAssembly schema engine) instead.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(__dirname, "scripts", "no-native-engine.sh");
process.env.CHECKPOINT_DISABLE ??= "1";

export default defineConfig({
  schema: "schema",
  migrations: { path: "migrations" },
});
