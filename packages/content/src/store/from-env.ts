import { ConfigurationError, contentStoreProblems, readSetting } from "@pap/core/config";
import { filesystemStore } from "./filesystem";
import type { ContentStore } from "./store";

/**
 * The content store a process's settings ask for, each read through its declaration in the kernel's
 * configuration schema. A setting it cannot use stops start-up with an error naming that setting,
 * rather than falling back to a store nobody chose.
 */
export function contentStoreFromEnv(env: NodeJS.ProcessEnv, defaultDirectory: string): ContentStore {
  if (readSetting("CONTENT_STORE", env) === "filesystem") return filesystemStore(readSetting("CONTENT_DIRECTORY", env) ?? defaultDirectory);

  const problems = contentStoreProblems(env);
  if (problems.length) throw new ConfigurationError(problems);
  const bucket = readSetting("S3_BUCKET", env)!;
  const endpoint = readSetting("S3_ENDPOINT", env);
  const forcePathStyle = readSetting("S3_FORCE_PATH_STYLE", env);
  const accessKeyId = readSetting("S3_ACCESS_KEY_ID", env);
  const secretAccessKey = readSetting("S3_SECRET_ACCESS_KEY", env);
  // Loaded here, not at the top: a filesystem deployment never loads the AWS SDK (large, and it warns about Node 20 when loaded).
  const { s3Store } = require("./s3") as typeof import("./s3");
  return s3Store({
    bucket,
    region: readSetting("S3_REGION", env),
    ...(endpoint === undefined ? {} : { endpoint }),
    ...(forcePathStyle === undefined ? {} : { forcePathStyle }),
    ...(accessKeyId !== undefined && secretAccessKey !== undefined ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
}
