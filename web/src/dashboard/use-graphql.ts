import { useEffect, useState } from "react";
import { describeErrors, graphql, type Session } from "./api";
import type { Operation } from "./queries";

export type Loaded<T> = { data: T | null; problem: string | null; loading: boolean };

/**
 * Runs an operation whenever it or `refresh` changes (a panel's events arrived) and keeps the last answer on
 * screen while the next one loads, so counts change in place instead of blinking.
 */
export function useGraphql<T>(session: Session, operation: Operation | string | null, refresh: number): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: null, problem: null, loading: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh is the caller's signal to load again
  useEffect(() => {
    if (!operation) return;
    const { query, variables } = typeof operation === "string" ? { query: operation, variables: undefined } : operation;
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    graphql<T>(session, query, variables)
      .then((answer) => current && setState({ data: answer.data, problem: describeErrors(answer.errors), loading: false }))
      .catch(
        (error: Error) =>
          current &&
          setState((previous) => ({ ...previous, problem: `The platform could not be reached: ${error.message}`, loading: false })),
      );
    return () => {
      current = false;
    };
  }, [session, operation, refresh]);
  return state;
}
