#!/usr/bin/env node
// Migration commands that work offline (see prisma/README section in the root README).
//   create NAME   write prisma/migrations/<timestamp>_NAME/migration.sql for the schema change, if any
//   diff          print that SQL without writing it
//   deploy        apply committed migrations to DATABASE_URL (or --url; pglite:<dir> for the embedded store)
// Run `npm run build -w @pap/db` first: this script uses the compiled package.
import { mkdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const db = require("../dist/src/index.js");
const migrationsModule = require("../dist/src/migrations.js");

const [command, ...args] = process.argv.slice(2);
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
        const applied = await db.applyMigrations(database.adapterFactory);
        console.log(applied.length ? `applied: ${applied.join(", ")}` : "database already up to date");
      } finally {
        await database.close();
      }
      break;
    }
    default:
      console.error("usage: npm run migrate -- <create NAME|diff|deploy [--url URL]>");
      process.exitCode = 2;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
// The WebAssembly engine leaves timers running after it is freed; leave explicitly.
process.exit(process.exitCode ?? 0);
