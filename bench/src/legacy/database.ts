import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * A throwaway database per run: figures never depend on what an earlier run or a developer left
 * behind, and dropping it leaves the server as it was.
 */
export async function createDatabase(adminUrl: string): Promise<BenchDatabase> {
  // Unique per run so two runs on one server (or a run after a crash that skipped the drop) never clash.
  const name = `pap_bench_${Date.now().toString(36)}_${process.pid}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      // FORCE: a server process killed mid-request may leave a backend behind that would block the drop.
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Applies the committed migrations the way an operator would, through the project's own script. */
export async function migrate(repositoryRoot: string, url: string): Promise<void> {
  const script = path.join(repositoryRoot, "prisma", "scripts", "migrate.mjs");
  try {
    await promisify(execFile)(process.execPath, [script, "deploy", "--url", url], { cwd: repositoryRoot });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`migration failed: ${failure.message}\n${failure.stdout ?? ""}${failure.stderr ?? ""}`);
  }
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
