import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import { readSetting, type TrustedProxies } from "@pap/core/config";

/** Fastify's `trustProxy` from TRUST_PROXY: which peers' `X-Forwarded-For` names the client. */
export const trustedProxiesFromEnv = (env: NodeJS.ProcessEnv = process.env): TrustedProxies => readSetting("TRUST_PROXY", env);

/**
 * The client's address for requests Fastify does not see (WebSocket upgrades), by the same trust as
 * Fastify's `request.ip`: the socket's peer, or the address a trusted proxy forwarded. The trust is
 * compiled once, not per connection.
 */
export function clientAddressOf(trusted: TrustedProxies): (request: IncomingMessage) => string {
  if (trusted === false) return (request) => request.socket.remoteAddress ?? "unknown";
  const trust = trusted === true ? () => true : proxyAddr.compile(trusted);
  return (request) => proxyAddr(request, trust);
}
