#!/usr/bin/env node
// Migration commands that work offline (docs/operations.md, Migrations).
//   deploy        (the default) apply committed migrations to DATABASE_URL (or --url; pglite:<dir> for the
//                 embedded store), under the same lock as a host's start: the release step
//   status        list the committed migrations the database lacks, and those it has that are not committed
//   create NAME   write prisma/migrations/<timestamp>_NAME/migration.sql for the schema change, if any
//   diff          print that SQL without writing it
// `npm run migrate` builds the package this script uses first; run directly, it needs `npm run build -w @pap/db`.
import { mkdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const built = new URL("../dist/src/index.js", import.meta.url);
if (!existsSync(built)) {
  console.error(
    "The database package is not built: run `npm run build -w @pap/db` (or `npm run migrate`, which builds it), then this again.",
  );
  process.exit(1);
}
const db = require("../dist/src/index.js");
const migrationsModule = require("../dist/src/migrations.js");

const given = process.argv.slice(2);
// `npm run migrate` alone is the release step; `npm run migrate -- --url …` too.
const [command, ...args] = given.length === 0 || given[0].startsWith("--") ? ["deploy", ...given] : given;
const urlFlag = args.indexOf("--url");
const url = urlFlag >= 0 ? args[urlFlag + 1] : process.env.DATABASE_URL;

function configFor(target) {
  if (!target) throw new Error("give --url or set DATABASE_URL");
  if (target.startsWith("pglite:")) return { kind: "pglite", dataDir: target.slice("pglite:".length) };
  return { kind: "postgres", url: target, poolSize: 2 };
}

async function scratchSql() {
  const scratch = await db.openDatabase({ kind: "pglite", dataDir: "memory" }, { migrate: false });
  try {
    return await db.pendingSchemaChangeSql(scratch.adapterFactory);
  } finally {
    await scratch.close();
  }
}

try {
  switch (command) {
    case "diff":
      process.stdout.write((await scratchSql()) ?? "-- the schema matches the committed migrations\n");
      break;
    case "create": {
      const name = (args[0] ?? "change").replace(/[^a-zA-Z0-9_]/g, "_");
      const sql = await scratchSql();
      if (!sql) {
        console.log("the schema matches the committed migrations: nothing to create");
        break;
      }
      const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
      const dir = path.join(migrationsModule.migrationsDir, `${stamp}_${name}`);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, "migration.sql"), sql);
      const lock = path.join(migrationsModule.migrationsDir, "migration_lock.toml");
      if (!existsSync(lock)) await writeFile(lock, 'provider = "postgresql"\n');
      console.log(`created ${path.relative(process.cwd(), dir)}`);
      break;
    }
    case "deploy": {
      const database = await db.openDatabase(configFor(url), { migrate: false });
      try {
        const applied = await db.migrateDatabase(database, { log: (message) => console.log(message) });
        if (!applied.length) console.log("database already up to date");
      } finally {
        await database.close();
      }
      break;
    }
    case "status": {
      const database = await db.openDatabase(configFor(url), { migrate: false });
      try {
        const status = await db.migrationStatus(database.read);
        console.log(`${status.committed.length} committed, ${status.committed.length - status.missing.length} applied`);
        for (const name of status.missing) console.log(`  pending  ${name}`);
        for (const name of status.unknown) console.log(`  unknown  ${name} (applied, not committed here: a newer release's?)`);
        // Like `prisma migrate status`: pending migrations are a non-zero exit, for a deploy script to test.
        if (status.missing.length) process.exitCode = 1;
      } finally {
        await database.close();
      }
      break;
    }
    default:
      console.error("usage: npm run migrate [-- deploy|status [--url URL] | create NAME | diff]");
      process.exitCode = 2;
  }
} catch (error) {
  // The lock's wait running out is a message for the operator, not a stack trace.
  console.error(error instanceof Error && error.name === "MigrationLockTimeout" ? error.message : error);
  process.exitCode = 1;
}
// The WebAssembly engine leaves timers running after it is freed; leave explicitly.
process.exit(process.exitCode ?? 0);
