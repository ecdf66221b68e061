/**
 * Node's codes for a peer whose TLS certificate this process does not accept: its chain ends in no CA
 * this process trusts, it names another host, or it is out of date.
 */
const untrusted = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** The error that says why, when a call fails inside `fetch` (whose own message is only "fetch failed"). */
const rootOf = (error: unknown): unknown => {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? rootOf(cause) : error;
};

/**
 * A call to another of the platform's processes (a subgraph, the gateway) that failed over TLS, as an
 * operator can act on it: the URL, why, and what to do about it. Any other failure is given back as it
 * was, for its callers already say what it is.
 */
export function connectionFailure(url: string, error: unknown): unknown {
  const root = rootOf(error) as { code?: string; message?: string };
  const reason = root?.message ?? String(error);
  if (root?.code && untrusted.has(root.code)) {
    return new Error(
      `${url} refused: its TLS certificate is not trusted (${root.code}: ${reason}). Give the certificate of the CA that signed it (PEM) in NODE_EXTRA_CA_CERTS when the process starts.`,
      { cause: error },
    );
  }
  if (root?.code === "EPROTO" || /wrong version number|packet length too long/.test(reason)) {
    return new Error(`${url} failed: it does not speak TLS where https:// was given, or the reverse (${reason}).`, { cause: error });
  }
  return error;
}
