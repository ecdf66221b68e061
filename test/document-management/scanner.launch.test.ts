// Whether uploads are scanned, as the launcher (`npm start`, the compiled gateway/dist/main.js) settles
// it (issue 18): in development without CLAMD_URL the platform runs unscanned and says so, in its start
// banner and in every upload's log line; in production it refuses to start without a scanner unless
// VIRUS_SCAN=off says so on purpose (that rule itself: packages/content/src/settings.test.ts).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminHeaders } from "../support/auth";
import { launchPlatform, stopLaunched, stopped } from "../support/launcher";
import { createTestDatabase } from "../support/platform";
import { waitFor } from "../support/waiting";

const PAY_STUB = "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1";

let databaseUrl: string;
const contentDirectory = mkdtempSync(path.join(tmpdir(), "pap-content-documents-launch-"));

beforeAll(async () => {
  databaseUrl = await createTestDatabase("documents_launch");
});
afterAll(() => stopLaunched(), 60_000);

it("runs without a scanner in development when CLAMD_URL is unset, and says so at start and in each upload's log line", async () => {
  const {
    process: platform,
    line,
    output,
  } = await launchPlatform(databaseUrl, "documents", {
    CLAMD_URL: "",
    VIRUS_SCAN: "",
    NODE_ENV: "development",
    LOG_LEVEL: "info",
    CONTENT_DIRECTORY: contentDirectory,
  });
  try {
    expect(line.trim()).toBe(`documents   kept in ${contentDirectory}, NOT scanned for viruses (no CLAMD_URL)`);
    const url = output().match(/REST\s+(https?:\/\/[^/\s]+)/)![1];
    const form = new FormData();
    form.append("file", new Blob(["an unscanned pay stub"]), "stub.pdf");
    form.append("documentTypeId", PAY_STUB);
    form.append("title", "Unscanned");
    const response = await fetch(`${url}/document-management/documents`, { method: "POST", body: form, headers: await adminHeaders() });
    expect(response.status).toBe(201);
    const { latestVersionId } = (await response.json()) as { latestVersionId: string };
    // The log line names the stored bytes (the version's id) and that no scan judged them.
    const logged = () =>
      output()
        .split("\n")
        .find((text) => text.includes(latestVersionId) && text.includes("WITHOUT a virus scan"));
    await waitFor(() => logged() !== undefined, "the upload's log line", 10_000, 20);
    expect(JSON.parse(logged()!)).toMatchObject({
      contentId: latestVersionId,
      scan: "not-scanned",
      msg: "upload stored WITHOUT a virus scan (no scanner configured)",
    });
  } finally {
    await stopped(platform);
  }
}, 240_000);

it("refuses to start in production without a scanner, saying what to set", async () => {
  // Production otherwise complete (test/operations/config.launch.test.ts holds each of its other refusals).
  const production = {
    NODE_ENV: "production",
    PERSON_MATCH_KEY: "documents-launch-person-match-key-0123456789",
    ENCRYPTION_KEYS: `launch:${Buffer.alloc(32, 9).toString("base64")}`,
    CONTENT_SIGNING_SECRET: "documents-launch-content-signing-secret-0123",
    REFERENCE_SERVICES: "on",
    NOTICE_EMAIL: "off",
    PLATFORM_TIME_ZONE: "America/New_York",
  };
  await expect(
    launchPlatform(databaseUrl, "documents", { ...production, CLAMD_URL: "", VIRUS_SCAN: "", CONTENT_DIRECTORY: contentDirectory }),
  ).rejects.toThrow(
    /exited \(1\)[\s\S]*1 problem in its configuration\.\n {2}- NODE_ENV=production needs a virus scanner for document uploads: set CLAMD_URL \(tcp:\/\/host:3310\), or VIRUS_SCAN=off/,
  );
}, 240_000);
