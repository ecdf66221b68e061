import type { AgencyResult } from "./outcome";
import type { ServiceResult } from "./answers";
import type { ServiceType } from "./service-types";

/** The 200 body of an agency route. */
export type AgencyAnswer = {
  requestId: string;
  serviceType: ServiceType;
  result: AgencyResult;
  serviceResult: ServiceResult;
  respondedAt: string;
};

export type CallCount = { key: string; received: number; answered: number };

type Call = { received: number; answered: number; answers: Map<ServiceType, Promise<AgencyAnswer>> };

/**
 * What the simulator has seen, by Idempotency-Key: how many requests carried the key, how many got a
 * 200, and the answer each service type gave it, so a retry is answered the same without recomputing.
 * Answers are kept as promises from the moment they are begun: a retry that arrives while a slow answer
 * is still being prepared waits for that one instead of starting another. Only the most recent
 * `capacity` keys are kept (the oldest seen is forgotten first); a forgotten key starts over.
 */
export class CallLog {
  private readonly calls = new Map<string, Call>();

  constructor(private readonly capacity = 100_000) {}

  /** Counts a request carrying the key. */
  received(key: string): void {
    const call = this.calls.get(key);
    if (call) {
      call.received += 1;
      return;
    }
    this.calls.set(key, { received: 1, answered: 0, answers: new Map() });
    if (this.calls.size > this.capacity) this.calls.delete(this.calls.keys().next().value!);
  }

  /** Counts a 200 sent for the key. */
  answered(key: string): void {
    const call = this.calls.get(key);
    if (call) call.answered += 1;
  }

  count(key: string): CallCount | undefined {
    const call = this.calls.get(key);
    return call && { key, received: call.received, answered: call.answered };
  }

  answerFor(key: string, serviceType: ServiceType): Promise<AgencyAnswer> | undefined {
    return this.calls.get(key)?.answers.get(serviceType);
  }

  remember(key: string, serviceType: ServiceType, answer: Promise<AgencyAnswer>): void {
    this.calls.get(key)?.answers.set(serviceType, answer);
  }

  get size(): number {
    return this.calls.size;
  }
}
