import { contentStoreFromEnv } from "./from-env";

describe("the content store from the environment", () => {
  it("is the filesystem by default, in the default directory or CONTENT_DIRECTORY", () => {
    expect(contentStoreFromEnv({}, "/var/lib/pap/content").kind).toBe("filesystem");
    expect(contentStoreFromEnv({ CONTENT_STORE: "filesystem", CONTENT_DIRECTORY: "/data" }, "/unused").kind).toBe("filesystem");
  });

  it("is S3 when asked, with or without explicit credentials", () => {
    expect(contentStoreFromEnv({ CONTENT_STORE: "s3", S3_BUCKET: "documents" }, "/unused").kind).toBe("s3");
    const store = contentStoreFromEnv(
      {
        CONTENT_STORE: "s3",
        S3_BUCKET: "documents",
        S3_ENDPOINT: "http://minio:9000",
        S3_REGION: "eu-west-1",
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
      },
      "/unused",
    );
    expect(store.kind).toBe("s3");
    expect(store.presignedUrl).toBeDefined();
  });

  it.each([
    [{ CONTENT_STORE: "postgres" }, /CONTENT_STORE/],
    [{ CONTENT_STORE: "s3" }, /S3_BUCKET/],
    [{ CONTENT_STORE: "s3", S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "yes" }, /S3_FORCE_PATH_STYLE/],
    [{ CONTENT_STORE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" }, /S3_ENDPOINT/],
    [{ CONTENT_STORE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" }, /S3_SECRET_ACCESS_KEY/],
    [{ CONTENT_STORE: "s3", S3_BUCKET: "b", S3_SECRET_ACCESS_KEY: "secret" }, /S3_ACCESS_KEY_ID/],
  ])("refuses %j, naming the setting", (env, setting) => {
    expect(() => contentStoreFromEnv(env, "/unused")).toThrow(setting);
  });
});
