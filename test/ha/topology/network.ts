import { execFileSync } from "node:child_process";

/**
 * The test's own hosts: one network namespace per host, each with a veth link to a bridge in the
 * machine's namespace, where the load balancer, the DCS and the object store live. The addresses are a
 * private /24 that nothing else on the machine routes, so the hosts see only one another.
 */
export const SUBNET = "10.213.0";
export const BRIDGE = "pap-ha0";
/** The machine's own address on the bridge: HAProxy, etcd, the object store, the reference services. */
export const GATEWAY_ADDRESS = `${SUBNET}.1`;
const PREFIX = "pap-ha-";

export type TestHost = { name: string; namespace: string; address: string; link: string };

const ip = (...args: string[]) => execFileSync("ip", args, { stdio: ["ignore", "pipe", "pipe"] }).toString();
const quietly = (...args: string[]) => {
  try {
    ip(...args);
  } catch {
    // Removing what is not there.
  }
};

/** Removes every namespace and link an earlier run left (a run killed before its teardown). */
export function removeTestNetwork(): void {
  for (const line of ip("netns", "list").split("\n")) {
    const name = line.split(" ")[0];
    if (!name?.startsWith(PREFIX)) continue;
    powerOff({ name, namespace: name, address: "", link: "" });
    quietly("netns", "delete", name);
  }
  // A namespace some process still held outlives its name, and its link with it.
  for (const line of ip("-o", "link", "show").split("\n")) {
    const name = /^\d+: ([^:@]+)/.exec(line)?.[1];
    if (name?.startsWith(PREFIX)) quietly("link", "delete", name);
  }
  quietly("link", "delete", BRIDGE);
}

/** The bridge and the machine's address on it. */
export function createBridge(): void {
  if (process.getuid?.() !== 0) throw new Error("the HA test makes network namespaces and needs root (CI runs as root)");
  removeTestNetwork();
  ip("link", "add", BRIDGE, "type", "bridge");
  ip("addr", "add", `${GATEWAY_ADDRESS}/24`, "dev", BRIDGE);
  ip("link", "set", BRIDGE, "up");
}

/** A host: its namespace, loopback up, and one link to the bridge with `address`. */
export function createHost(name: string, lastOctet: number): TestHost {
  const host = { name, namespace: `${PREFIX}${name}`, address: `${SUBNET}.${lastOctet}`, link: `${PREFIX}${name}` };
  ip("netns", "add", host.namespace);
  ip("link", "add", host.link, "type", "veth", "peer", "name", "eth0", "netns", host.namespace);
  ip("link", "set", host.link, "master", BRIDGE, "up");
  ip("-n", host.namespace, "addr", "add", `${host.address}/24`, "dev", "eth0");
  ip("-n", host.namespace, "link", "set", "eth0", "up");
  ip("-n", host.namespace, "link", "set", "lo", "up");
  return host;
}

/** Cuts the host off (its link down): its processes keep running and keep their connections' state. */
export const cutOff = (host: TestHost) => ip("link", "set", host.link, "down");
export const reconnect = (host: TestHost) => ip("link", "set", host.link, "up");

/** The command line that runs `command` inside the host's namespace. */
export const inHost = (host: TestHost, command: string[]) => ["ip", "netns", "exec", host.namespace, ...command];

/** Every process in the host's namespace, killed at once: the host loses power. */
export function powerOff(host: TestHost): void {
  const pids = ip("netns", "pids", host.namespace).split("\n").filter(Boolean).map(Number);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
}

/** Whether anything still runs in the host's namespace. */
export const isDark = (host: TestHost) => ip("netns", "pids", host.namespace).trim() === "";
