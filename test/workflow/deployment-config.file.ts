// The state's deployment file test/workflow/deployment-config.test.ts runs on (test/support/deployment-files.ts).
// It is named in PLATFORM_CONFIG before the platform's modules load, since the SLA types are values of
// the graph's SlaTypeCode enum, built when the workflow's contract loads; the test imports this module first.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deploymentYaml } from "../support/deployment-files";

export const deploymentFile = path.join(mkdtempSync(path.join(tmpdir(), "pap-deployment-")), "deployment.yaml");
writeFileSync(deploymentFile, deploymentYaml);
process.env.PLATFORM_CONFIG = deploymentFile;
