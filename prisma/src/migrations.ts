import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { repositoryRoot } from "./config";

// Prisma's migration commands need a native engine that cannot be downloaded on offline machines.
// The same engine ships as WebAssembly; driving it through a driver adapter applies the committed
// migrations and records them in `_prisma_migrations` exactly as `prisma migrate deploy` would.

export const schemaDir = path.join(repositoryRoot, "prisma", "schema");
export const migrationsDir = path.join(repositoryRoot, "prisma", "migrations");
const noFilters = { externalTables: [], externalEnums: [] };

/** The engine, as the package's own bindings declare it. */
type WasmEngine = Awaited<ReturnType<Awaited<ReturnType<typeof instantiateEngineModule>>["SchemaEngine"]["new"]>>;

// Only the few WebAssembly members used here; the DOM lib that declares them would drag in browser globals.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, unknown>) => { exports: Record<string, unknown> };
};

/**
 * The engine's module, instantiated once per process. Its bindings keep views of the instance's memory
 * between calls: a second instance behind the same bindings leaves them reading the first one's
 * memory, and the next migration in the process fails with "memory access out of bounds".
 */
let engineModule: ReturnType<typeof instantiateEngineModule> | undefined;
const loadEngineModule = () =>
  (engineModule ??= instantiateEngineModule().catch((error: unknown) => {
    engineModule = undefined;
    throw error;
  }));

async function instantiateEngineModule() {
  // The package is ESM-only and must be instantiated by hand: it has no Node loader of its own.
  const bindings = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasmPath = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
  const module = new WebAssembly.Module(await readFile(wasmPath));
  const instance = new WebAssembly.Instance(module, { "./schema_engine_bg.js": bindings });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return bindings;
}

type ScriptAdapter = {
  executeScript(script: string): Promise<void>;
  client?: { query?(sql: string): Promise<unknown>; exec?(sql: string): Promise<unknown> };
};

/**
 * Migration scripts run whole and their failures fail the migration. The PostgreSQL adapter splits a
 * script at every `;`, which breaks function bodies: PostgreSQL's simple-query protocol runs a
 * multi-statement script as it is. The PGlite adapter neither awaits the script nor reports its error,
 * so a failed migration would be recorded as applied: it is awaited here.
 */
function wholeScripts(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  const patch = <A>(adapter: A): A => {
    const client = (adapter as ScriptAdapter).client;
    if (factory.adapterName === "@prisma/adapter-pg" && typeof client?.query === "function") {
      (adapter as ScriptAdapter).executeScript = async (script) => void (await client.query!(script));
    } else if (typeof client?.exec === "function") {
      (adapter as ScriptAdapter).executeScript = async (script) => void (await client.exec!(script));
    }
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => patch(await factory.connect()),
    connectToShadowDb: async () => patch(await factory.connectToShadowDb()),
  } as SqlMigrationAwareDriverAdapterFactory;
}

export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  work: (engine: WasmEngine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const engine = await SchemaEngine.new({ datamodels: undefined }, () => {}, bindMigrationAwareSqlAdapterFactory(wholeScripts(factory)));
  try {
    return await work(engine);
  } finally {
    engine.free();
  }
}

export async function schemaFiles() {
  const names = (await readdir(schemaDir)).filter((name) => name.endsWith(".prisma")).sort();
  return Promise.all(
    names.map(async (name) => ({ path: path.join(schemaDir, name), content: await readFile(path.join(schemaDir, name), "utf8") })),
  );
}

export async function committedMigrations() {
  const names = existsSync(migrationsDir)
    ? (await readdir(migrationsDir, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? await readFile(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok" as const, value: await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8") },
        },
      })),
    ),
  };
}

/** Applies every committed migration not yet recorded in the database; returns the names applied. */
export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await committedMigrations();
  const result = await withSchemaEngine(factory, (engine) => engine.applyMigrations({ migrationsList, filters: noFilters }));
  return result.appliedMigrationNames;
}

/** SQL that takes a database holding the committed migrations to the current schema, or null if none. */
export async function pendingSchemaChangeSql(scratchFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string | null> {
  const files = await schemaFiles();
  const migrationsList = await committedMigrations();
  return withSchemaEngine(scratchFactory, async (engine) => {
    if (migrationsList.migrationDirectories.length) await engine.applyMigrations({ migrationsList, filters: noFilters });
    await withoutUndeclarableObjects(scratchFactory);
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: schemaDir },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    return result.exitCode === 2 ? result.stdout : null;
  });
}

/**
 * Migrations create what Prisma cannot declare: the pg_trgm extension and the lists' trigram indexes,
 * and partial or expression indexes, named `…_by_hand`. A diff against them would only propose dropping
 * them, so the scratch database drops them before the comparison (CASCADE takes the trigram indexes):
 * a diff shows exactly what the schema files change.
 */
async function withoutUndeclarableObjects(scratchFactory: SqlMigrationAwareDriverAdapterFactory): Promise<void> {
  const adapter = await wholeScripts(scratchFactory).connect();
  await adapter.executeScript(`DROP EXTENSION IF EXISTS pg_trgm CASCADE;
DO $$ DECLARE hand record; BEGIN
  FOR hand IN SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%\\_by\\_hand' LOOP
    EXECUTE format('DROP INDEX %I', hand.indexname);
  END LOOP;
END $$;`);
}
