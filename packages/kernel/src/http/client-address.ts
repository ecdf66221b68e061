import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import { readSetting, type TrustedProxies } from "@pap/core/config";

/** Fastify's `trustProxy` from TRUST_PROXY: which peers' `X-Forwarded-For` names the client. */
export const trustedProxiesFromEnv = (env: NodeJS.ProcessEnv = process.env): TrustedProxies => readSetting("TRUST_PROXY", env);

/**
 * The client's address for a request Fastify does not see (a WebSocket upgrade), by the same trust
 * as Fastify's `request.ip`: the socket's peer, or the address a trusted proxy forwarded.
 */
export function clientAddress(request: IncomingMessage, trusted: TrustedProxies): string {
  if (trusted === false) return request.socket.remoteAddress ?? "unknown";
  return proxyAddr(request, trusted === true ? () => true : proxyAddr.compile(trusted));
}
