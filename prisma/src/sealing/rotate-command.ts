import { databaseConfigFromEnv, describeDatabase } from "../config";
import { openDatabase } from "../connect";
import { resealStored } from "./reseal";

/**
 * `npm run keys:rotate`: every value sealed under a key other than the first of ENCRYPTION_KEYS is
 * sealed again under it (and any value still in clear is sealed), in small batches, while the
 * platform runs. Once it reports nothing left, the older keys can be dropped from ENCRYPTION_KEYS.
 * Exit status: 0 when nothing is left, 1 when rows were held by requests (run it again), 2 when some
 * value is sealed under a key ENCRYPTION_KEYS does not list (add that key back, then run it again).
 */
async function main(): Promise<number> {
  const config = databaseConfigFromEnv();
  const db = await openDatabase(config, { migrate: false });
  try {
    console.log(`Resealing under key '${db.sealer.keyring.sealing.id}' in ${describeDatabase(config)}`);
    const report = await resealStored(db, {
      mode: "rotate",
      onColumn: (column) => {
        if (column.resealed || column.unreadable || column.remaining)
          console.log(
            `  ${column.table}.${column.column}: ${column.resealed} resealed, ${column.unreadable} unreadable, ${column.remaining} left`,
          );
      },
    });
    console.log(`Done: ${report.resealed} rows resealed, ${report.unreadable} unreadable, ${report.remaining} left.`);
    if (report.unreadable) {
      console.error("Some values are sealed under a key ENCRYPTION_KEYS does not list: add it back (after the current key) and run again.");
      return 2;
    }
    if (report.remaining) {
      console.error("Some rows were being changed meanwhile: run again.");
      return 1;
    }
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
