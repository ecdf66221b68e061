import { mkdirSync } from "node:fs";
import path from "node:path";
import { GATEWAY_ADDRESS } from "./network";
import { type Started, startProcess } from "./processes";

/** One etcd member on the bridge: Patroni's consensus store (a deployment runs three, on their own hosts). */
export function startEtcd(runDirectory: string): { started: Started; endpoint: string } {
  const dataDirectory = path.join(runDirectory, "etcd");
  mkdirSync(dataDirectory, { recursive: true });
  const client = `http://${GATEWAY_ADDRESS}:2379`;
  const peer = `http://${GATEWAY_ADDRESS}:2380`;
  const started = startProcess(
    "etcd",
    [
      "etcd",
      "--name=dcs1",
      `--data-dir=${dataDirectory}`,
      `--listen-client-urls=${client}`,
      `--advertise-client-urls=${client}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=dcs1=${peer}`,
    ],
    { logDirectory: runDirectory },
  );
  return { started, endpoint: `${GATEWAY_ADDRESS}:2379` };
}
