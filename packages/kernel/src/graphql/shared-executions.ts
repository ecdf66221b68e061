/**
 * How many payloads a group remembers. Its subscribers take the same payloads in the same order and
 * mostly within one turn of each other; one that falls further behind runs its own executions.
 */
const REMEMBERED_PAYLOADS = 64;

type Remembered<Result> = { payload: object; result: Result };

class ExecutionGroup<Result> {
  members = 0;
  private readonly recent: Remembered<Result>[] = [];

  resultFor(payload: object, run: () => Result): { result: Result; shared: boolean } {
    // The newest first: a subscriber usually asks for the payload another has just executed.
    for (let index = this.recent.length - 1; index >= 0; index--) {
      const remembered = this.recent[index]!;
      if (remembered.payload === payload) return { result: remembered.result, shared: true };
    }
    const result = run();
    this.recent.push({ payload, result });
    if (this.recent.length > REMEMBERED_PAYLOADS) this.recent.shift();
    return { result, shared: false };
  }
}

/** A subscriber's place in its group: the results it shares, and leaving when it ends. */
export type GroupMembership<Result> = {
  /** The result for `payload`: a member's earlier execution of the same payload, else `run()`'s. */
  resultFor(payload: object, run: () => Result): { result: Result; shared: boolean };
  leave(): void;
};

/**
 * Executions shared between subscribers that would compute the same thing. Subscribers with the same
 * key (the same operation, variables and visibility) that receive the same payload object (the hub
 * hands one object to every matching subscription) get one execution's result between them, so the
 * cost of an event grows with the distinct subscriptions, not with their subscribers. A group lives
 * while it has members and remembers only its last few payloads, so memory stays bounded.
 */
export class SharedExecutions<Result> {
  private readonly groups = new Map<string, ExecutionGroup<Result>>();

  join(key: string): GroupMembership<Result> {
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = new ExecutionGroup<Result>()));
    group.members++;
    let left = false;
    const joined = group;
    return {
      resultFor: (payload, run) => joined.resultFor(payload, run),
      leave: () => {
        if (left) return;
        left = true;
        if (--joined.members === 0 && this.groups.get(key) === joined) this.groups.delete(key);
      },
    };
  }

  /** Groups with at least one member (for tests and diagnostics). */
  get size(): number {
    return this.groups.size;
  }
}
