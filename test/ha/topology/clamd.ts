import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { GATEWAY_ADDRESS } from "./network";
import { type Started, startProcess } from "./processes";

const CLAMD_PORT = 3310;

/**
 * The virus scanner the hosts send uploads to: a real ClamAV daemon on the bridge, with the project's
 * own signature file (as .ci/clamd/start runs one on the loopback for the rest of the suite).
 */
export function startClamd(runDirectory: string): { started: Started; url: string } {
  const state = path.join(runDirectory, "clamd");
  mkdirSync(path.join(state, "db"), { recursive: true });
  copyFileSync(path.join(__dirname, "../../../.ci/clamd/custom.hdb"), path.join(state, "db", "custom.hdb"));
  const config = path.join(state, "clamd.conf");
  writeFileSync(
    config,
    [
      `DatabaseDirectory ${state}/db`,
      `TCPSocket ${CLAMD_PORT}`,
      `TCPAddr ${GATEWAY_ADDRESS}`,
      "Foreground true",
      "StreamMaxLength 50M",
      "User root",
      "",
    ].join("\n"),
  );
  const started = startProcess("clamd", ["clamd", `--config-file=${config}`], { logDirectory: runDirectory });
  return { started, url: `tcp://${GATEWAY_ADDRESS}:${CLAMD_PORT}` };
}

export const clamdListening = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: GATEWAY_ADDRESS, port: CLAMD_PORT }, () => (socket.end(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
