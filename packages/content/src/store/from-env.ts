import { filesystemStore } from "./filesystem";
import type { ContentStore } from "./store";

/**
 * The content store a process's settings ask for. A setting it cannot use stops start-up with an
 * error naming that setting, rather than falling back to a store nobody chose.
 */
export function contentStoreFromEnv(env: NodeJS.ProcessEnv, defaultDirectory: string): ContentStore {
  const kind = setting(env, "CONTENT_STORE") ?? "filesystem";
  if (kind === "filesystem") return filesystemStore(setting(env, "CONTENT_DIRECTORY") ?? defaultDirectory);
  if (kind !== "s3") throw new Error(`CONTENT_STORE must be 'filesystem' or 's3', not '${kind}'.`);

  const bucket = setting(env, "S3_BUCKET");
  if (bucket === undefined) throw new Error("S3_BUCKET is required when CONTENT_STORE is 's3'.");
  const endpoint = setting(env, "S3_ENDPOINT");
  if (endpoint !== undefined && !isHttpUrl(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, not '${endpoint}'.`);
  const forcePathStyle = flag(env, "S3_FORCE_PATH_STYLE");
  const accessKeyId = setting(env, "S3_ACCESS_KEY_ID");
  const secretAccessKey = setting(env, "S3_SECRET_ACCESS_KEY");
  // Half a key pair is a mistake, not a request for the SDK's own credential chain.
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error(`${accessKeyId === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY"} is required when the other of S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY is set.`);
  }
  // Loaded here, not at the top: a filesystem deployment never loads the AWS SDK (large, and it warns about Node 20 when loaded).
  const { s3Store } = require("./s3") as typeof import("./s3");
  return s3Store({
    bucket,
    region: setting(env, "S3_REGION") ?? "us-east-1",
    ...(endpoint === undefined ? {} : { endpoint }),
    ...(forcePathStyle === undefined ? {} : { forcePathStyle }),
    ...(accessKeyId !== undefined && secretAccessKey !== undefined ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
}

/** An empty value counts as unset, as it does for most shells' `VAR=` lines. */
function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const value = setting(env, name);
  if (value === undefined) return undefined;
  if (value === "true" || value === "false") return value === "true";
  throw new Error(`${name} must be 'true' or 'false', not '${value}'.`);
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}
