import path from "node:path";
import { readEnvFile } from "./env-file";
import { PLATFORM_PORT } from "./haproxy";
import { GATEWAY_ADDRESS, inHost, type TestHost } from "./network";
import { type Started, startProcess } from "./processes";

const repository = path.join(__dirname, "../../..");
const AGENCY_PORT = 4020;
const ADAPTER_PORT = 4010;

/** The reference agency simulator and eligibility adapter on the bridge: the outside services every host calls. */
export function startReferenceServices(runDirectory: string): { agencyUrl: string; adapterUrl: string; started: Started[] } {
  const serve = (name: string, main: string, port: number) =>
    startProcess(name, [process.execPath, path.join(repository, main)], {
      env: { ...process.env, NODE_OPTIONS: "", HOST: GATEWAY_ADDRESS, PORT: String(port), LOG_LEVEL: "warn" },
      logDirectory: runDirectory,
    });
  return {
    agencyUrl: `http://${GATEWAY_ADDRESS}:${AGENCY_PORT}`,
    adapterUrl: `http://${GATEWAY_ADDRESS}:${ADAPTER_PORT}`,
    started: [
      serve("agency-simulator", "adapters/agency-simulator/dist/main.js", AGENCY_PORT),
      serve("eligibility-adapter", "adapters/eligibility-reference/dist/main.js", ADAPTER_PORT),
    ],
  };
}

/** A platform host: the deployment's environment file, the test's addresses and secrets over it. */
export type PlatformHost = { host: TestHost; url: string; env: Record<string, string>; started?: Started };

export function platformHostEnv(host: TestHost, overrides: Record<string, string>): Record<string, string> {
  return {
    ...readEnvFile("env/platform-host.env"),
    // The file names a JWKS endpoint; the test's tokens are signed with the suite's shared secret instead.
    AUTH_JWKS_URI: "",
    ...overrides,
    HOST: host.address,
    PORT: String(PLATFORM_PORT),
  };
}

export function startPlatformHost(platformHost: PlatformHost, runDirectory: string): Started {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, APOLLO_TELEMETRY_DISABLED: "true" };
  for (const [name, value] of Object.entries(platformHost.env)) if (value !== "") env[name] = value;
  platformHost.started = startProcess(
    platformHost.host.name,
    inHost(platformHost.host, [process.execPath, path.join(repository, "gateway/dist/main.js")]),
    { logDirectory: runDirectory, env },
  );
  return platformHost.started;
}

export const platformHostUrl = (host: TestHost) => `http://${host.address}:${PLATFORM_PORT}`;
