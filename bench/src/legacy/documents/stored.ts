import type pg from "pg";
import type { Uploaded } from "./transfer";

/**
 * What the platform recorded for the uploads, read from its database: each version must hold the
 * file's size and SHA-256, and be marked scanned exactly when the session runs with clamd. A fast
 * upload that skipped the scan, or stored other bytes, would otherwise pass for a good figure.
 */
export async function storedProblems(db: pg.Client, uploads: readonly Uploaded[], scanned: boolean): Promise<string[]> {
  if (!uploads.length) return [];
  const { rows } = await db.query<{ id: string; sizeBytes: number; contentHash: string; scanned: boolean }>(
    `SELECT id, "sizeBytes", "contentHash", scanned FROM document_version WHERE id = ANY($1::uuid[])`,
    [uploads.map((upload) => upload.versionId)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return uploads.flatMap(({ versionId, file }) => {
    const row = byId.get(versionId);
    if (!row) return [`version ${versionId} is not in document_version`];
    const problems: string[] = [];
    if (row.sizeBytes !== file.bytes || row.contentHash !== file.sha256) problems.push(`version ${versionId} records ${row.sizeBytes} bytes hashing to ${row.contentHash}, not ${file.bytes} bytes hashing to ${file.sha256}`);
    if (row.scanned !== scanned) problems.push(`version ${versionId} is marked ${row.scanned ? "scanned" : "not scanned"} in a session ${scanned ? "with" : "without"} clamd`);
    return problems;
  });
}
