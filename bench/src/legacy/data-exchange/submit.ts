import http from "node:http";
import { now, percentile } from "../events/clock";

export const submitPath = "/data-exchange/service-calls";
export const serviceType = "fdsh_ssa";

export type Submissions = {
  /** Requests sent, and the calls accepted (201) with their ids. */
  sent: number;
  accepted: number;
  callIds: string[];
  /** 200: a pending call of the same member answered instead of a new one. Counted apart: it must not happen. */
  deduplicated: number;
  /** Anything else (another status, a socket error, a timeout, a 201 without an id), by what it was. */
  refused: Record<string, number>;
  /** First request sent, last answer received (ms, wall-clock scale). */
  firstSentAt: number;
  lastAnsweredAt: number;
  /** Request-to-answer of the accepted submissions, ms. */
  answerP50: number;
  answerP99: number;
  /** Requests awaiting an answer at once, at most: how far the platform fell behind a timetable. */
  maxInFlight: number;
  /** A timetable's worst delay between a request's slot and its sending: the submitter's own lag. */
  maxScheduleLagMs: number;
  /**
   * A timetable's slots left out because `maxInFlight` requests were already awaiting an answer: the
   * platform accepted less than the offered rate, and queueing more would only time them out.
   */
  skipped: number;
  /** The step ran out of members before its time was up (each member is asked for once per step). */
  ranOutOfMembers: boolean;
};

type Answer = { status: number; body: string };

/** One POST on a keep-alive connection of the agent; rejects on a socket error or after 30 s. */
function post(agent: http.Agent, base: URL, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: base.hostname, port: base.port, path: submitPath, method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out after 30 s")));
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Submits `serviceType` calls, one per member of `members` in order: on a timetable of `rate` per second
 * (open loop: a slow answer does not delay the next request, as callers arriving independently would
 * not wait for one another; but a slot is skipped while `maxInFlight` requests await their answers), or
 * with `rate` null as fast as `connections` submitters are answered (closed loop, each on its own
 * keep-alive connection). Stops after `seconds` or when the members run out.
 */
export async function submitCalls(
  base: string,
  headers: Record<string, string>,
  members: readonly string[],
  options: { rate: number | null; seconds: number; connections: number; maxInFlight: number },
): Promise<Submissions> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.rate === null ? options.connections : options.maxInFlight });
  const answerMs: number[] = [];
  const result: Submissions = {
    sent: 0,
    accepted: 0,
    callIds: [],
    deduplicated: 0,
    refused: {},
    firstSentAt: NaN,
    lastAnsweredAt: NaN,
    answerP50: NaN,
    answerP99: NaN,
    maxInFlight: 0,
    maxScheduleLagMs: 0,
    skipped: 0,
    ranOutOfMembers: false,
  };
  let inFlight = 0;
  const refuse = (what: string) => (result.refused[what] = (result.refused[what] ?? 0) + 1);

  const send = async (member: string): Promise<void> => {
    const sentAt = now();
    if (!(result.firstSentAt <= sentAt)) result.firstSentAt = sentAt;
    result.sent++;
    inFlight++;
    result.maxInFlight = Math.max(result.maxInFlight, inFlight);
    try {
      const answer = await post(agent, url, headers, JSON.stringify({ serviceType, requestingResourceId: member }));
      if (answer.status === 201) {
        const id = (() => {
          try {
            return (JSON.parse(answer.body) as { id?: string }).id;
          } catch {
            return undefined;
          }
        })();
        if (id) {
          result.accepted++;
          result.callIds.push(id);
          answerMs.push(now() - sentAt);
        } else refuse("201 without a call id");
      } else if (answer.status === 200) result.deduplicated++;
      else refuse(`${answer.status}: ${answer.body.slice(0, 160)}`);
    } catch (error) {
      refuse((error as Error).message.split("\n")[0] ?? "error");
    } finally {
      inFlight--;
      result.lastAnsweredAt = now();
    }
  };

  const start = now();
  const deadline = start + options.seconds * 1000;
  try {
    if (options.rate === null) {
      let next = 0;
      const submitter = async () => {
        while (now() < deadline) {
          if (next >= members.length) {
            result.ranOutOfMembers = true;
            return;
          }
          await send(members[next++]!);
        }
      };
      await Promise.all(Array.from({ length: options.connections }, submitter));
    } else {
      const wanted = Math.round(options.rate * options.seconds);
      const total = Math.min(wanted, members.length);
      result.ranOutOfMembers = total < wanted;
      const interval = 1000 / options.rate;
      const pending: Promise<void>[] = [];
      await new Promise<void>((resolve) => {
        // Slots of the timetable passed, sent or skipped; members are taken only by requests sent.
        let slot = 0;
        let member = 0;
        const tick = () => {
          const due = Math.min(total, Math.floor((now() - start) / interval) + 1);
          while (slot < due) {
            if (inFlight >= options.maxInFlight) {
              result.skipped++;
              slot++;
              continue;
            }
            result.maxScheduleLagMs = Math.max(result.maxScheduleLagMs, now() - (start + slot * interval));
            slot++;
            pending.push(send(members[member++]!));
          }
          if (slot < total) setTimeout(tick, Math.max(0, start + slot * interval - now()));
          else resolve();
        };
        tick();
      });
      await Promise.all(pending);
    }
  } finally {
    agent.destroy();
  }
  answerMs.sort((a, b) => a - b);
  result.answerP50 = percentile(answerMs, 50);
  result.answerP99 = percentile(answerMs, 99);
  return result;
}
