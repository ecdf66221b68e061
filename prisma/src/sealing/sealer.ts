import {
  ConfigurationError,
  DEVELOPMENT_ENCRYPTION_KEYS,
  encryptionKeyProblems,
  holdsDevelopmentKey,
  parseEncryptionKeys,
  readSetting,
  sensitiveFieldsFromEnv,
  type Environment,
  type MasterKey,
} from "@pap/core";
import { isSealed, keyringOf, sealValue, unsealValue, type Keyring } from "./envelope";
import { sealFields, unsealFields } from "./fields";

/**
 * What the storage layer seals and with which keys: the one object every path to the database uses
 * (Prisma's writes and reads, the driver's hot reads and raw-SQL transactions), so no domain code
 * handles a key or a ciphertext.
 */
export type Sealer = {
  /** The field names whose values are stored sealed (SENSITIVE_FIELDS, with `ssn` and `dateOfBirth`). */
  fields: ReadonlySet<string>;
  keyring: Keyring;
  /** Whether the keys are the public development key (a warning in development, refused in production). */
  developmentKey: boolean;
  /** A copy of a record with every sensitive field's value sealed, at any depth. */
  seal(record: unknown): unknown;
  /** One value sealed, whatever its name (a column that is sensitive as a whole). */
  sealValue(value: unknown): string;
  /** Rows with every sealed value, wherever it is, unsealed (in place). */
  unseal<T>(rows: T): T;
};

export function createSealer(keys: readonly MasterKey[], fields: ReadonlySet<string>, developmentKey = false): Sealer {
  const keyring = keyringOf(keys);
  const seal = (value: unknown) => sealValue(value, keyring);
  return {
    fields,
    keyring,
    developmentKey,
    seal: (record) => sealFields(record, fields, seal, isSealed),
    sealValue: seal,
    unseal: (rows) => unsealFields(rows, isSealed, (sealed) => unsealValue(sealed, keyring)),
  };
}

/**
 * The process's sealer from ENCRYPTION_KEYS and SENSITIVE_FIELDS. Production without keys of its own
 * does not start (the launcher says so first; a process started on its own is held to it here).
 * Elsewhere an unset ENCRYPTION_KEYS means the public development key, so `npm start` needs nothing.
 */
export function sealerFromEnv(env: Environment = process.env): Sealer {
  const problems = encryptionKeyProblems(env);
  if (problems.length) throw new ConfigurationError(problems);
  const configured = readSetting("ENCRYPTION_KEYS", env);
  const keys = configured ?? parseEncryptionKeys(DEVELOPMENT_ENCRYPTION_KEYS);
  return createSealer(keys, sensitiveFieldsFromEnv(env), holdsDevelopmentKey(keys));
}
