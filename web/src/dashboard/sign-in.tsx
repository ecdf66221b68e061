import { useState } from "react";
import { claimsOf, describeErrors, graphql, type Session } from "./api";
import type { PageConfig } from "./page-config";
import { operations } from "./operations";

async function developmentToken(role: string): Promise<string> {
  const response = await fetch(`/dev/token?role=${encodeURIComponent(role)}`);
  const body = (await response.json().catch(() => ({}))) as { token?: string; message?: string };
  if (!response.ok || !body.token) throw new Error(body.message ?? `The platform answered ${response.status}.`);
  return body.token;
}

/**
 * Work is assigned only to accounts. A development subject has none until someone makes it: the page
 * does, through the public `createUser` mutation with a development administrator's token (development
 * mode hands out tokens for every role anyway). Answers why it could not, or null.
 */
async function ensureDevelopmentAccount(session: Session, role: string): Promise<string | null> {
  const me = await graphql<{ me: { id: string } | null }>(session, operations.me);
  if (me.data?.me) return null;
  const administrator = await developmentToken("state_admin");
  const created = await graphql({ token: administrator, claims: session.claims }, operations.developmentAccount, {
    input: {
      idpSubject: session.claims.sub,
      email: `${role.replace(/_/g, "-")}@development.invalid`,
      name: `Development ${role.replace(/_/g, " ")}`,
      roles: [role],
    },
  });
  return describeErrors(created.errors);
}

/**
 * Development: a token for a chosen role from the platform's development token endpoint. Otherwise: the
 * bearer token the deployment's identity provider issued, pasted in.
 */
export function SignIn({ config, onSession }: { config: PageConfig; onSession: (session: Session) => void }) {
  const [role, setRole] = useState(config.roles.includes("supervisor") ? "supervisor" : (config.roles[0] ?? ""));
  const [token, setToken] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const accept = (candidate: string) => {
    const claims = claimsOf(candidate.trim());
    if (!claims) return setProblem("That is not a bearer token (a JWT with a subject).");
    onSession({ token: candidate.trim(), claims });
  };

  const developmentSignIn = async () => {
    setProblem(null);
    try {
      const token = await developmentToken(role);
      const claims = claimsOf(token);
      if (!claims) return setProblem("The development token has no subject.");
      const refusal = await ensureDevelopmentAccount({ token, claims }, role);
      if (refusal) return setProblem(refusal);
      accept(token);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <main className="sign-in">
      <h1>Public Assistance Platform · Dashboard</h1>
      {config.development ? (
        <form
          onSubmit={(submit) => {
            submit.preventDefault();
            void developmentSignIn();
          }}
        >
          <p>Development mode: sign in with a development token for a role.</p>
          <label>
            Role{" "}
            <select value={role} onChange={(change) => setRole(change.target.value)} aria-label="Role">
              {config.roles.map((name) => (
                <option key={name} value={name}>
                  {name.replace(/_/g, " ")}
                </option>
              ))}
            </select>
          </label>{" "}
          <button type="submit">Sign in</button>
        </form>
      ) : (
        <form
          onSubmit={(submit) => {
            submit.preventDefault();
            accept(token);
          }}
        >
          <p>Paste the bearer token your identity provider issued.</p>
          <textarea value={token} onChange={(change) => setToken(change.target.value)} rows={4} cols={60} aria-label="Bearer token" />
          <br />
          <button type="submit">Sign in</button>
        </form>
      )}
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
    </main>
  );
}
