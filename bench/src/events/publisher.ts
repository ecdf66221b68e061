import { randomUUID } from "node:crypto";
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import { now } from "./clock";
import { envelope, jsonHeaders, publishPath } from "./envelope";

export type PublisherInput = { base: string; rate: number; seconds: number };

export type PublisherOutput = {
  /** Ids and send times of the events the server acknowledged with a 2xx, in send order. */
  ids: string[];
  sentAt: number[];
  /** When each of those was answered: the part of publish-to-receipt spent before the commit was confirmed. */
  answeredAt: number[];
  sent: number;
  /** Answers other than 2xx, by status, and transport failures, by message. */
  refused: Record<string, number>;
  /** Ids of requests without a 2xx: they may still be in the log (a timeout after the commit). */
  unacknowledged: string[];
  firstSentAt: number;
  lastSentAt: number;
  lastAnsweredAt: number;
  /** Most requests awaiting an answer at once: how far the server fell behind the timetable. */
  maxInFlight: number;
  /** Worst delay between an event's slot on the timetable and its actual send: the publisher's own lag. */
  maxScheduleLagMs: number;
};

// The timetable publisher, in a worker thread of its own: building and sending 1,000 requests a
// second must not delay the main thread, where the stream clients stamp their receipt times.
const input = workerData as PublisherInput;
// Generous: requests are sent on the timetable whether or not earlier ones were answered, so when the
// server lags they pile up here; a small pool would delay sends and hide the lag from the figures.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1_000 });
const total = Math.max(1, Math.round(input.rate * input.seconds));
const interval = 1_000 / input.rate;
const url = new URL(publishPath, input.base);

const sentAt: number[] = [];
const accepted: { id: string; at: number; answeredAt: number; order: number }[] = [];
const refused: Record<string, number> = {};
const unacknowledged: string[] = [];
let sent = 0;
let answered = 0;
let inFlight = 0;
let maxInFlight = 0;
let maxScheduleLagMs = 0;
let lastAnsweredAt = 0;
const start = now() + 20;

function tick() {
  const due = Math.min(total, Math.floor((now() - start) / interval) + 1);
  while (sent < due) send(sent++);
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - now()));
}

function send(order: number) {
  const id = randomUUID();
  const body = envelope(id);
  const at = now();
  maxScheduleLagMs = Math.max(maxScheduleLagMs, at - (start + order * interval));
  sentAt[order] = at;
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  let settled = false;
  const settle = (outcome: string | null) => {
    if (settled) return;
    settled = true;
    inFlight--;
    answered++;
    lastAnsweredAt = now();
    if (outcome === null) accepted.push({ id, at, answeredAt: lastAnsweredAt, order });
    else {
      refused[outcome] = (refused[outcome] ?? 0) + 1;
      unacknowledged.push(id);
    }
    if (answered === total) finish();
  };
  const request = http.request(url, { method: "POST", agent, headers: { ...jsonHeaders, "content-length": Buffer.byteLength(body) }, timeout: 10_000 }, (response) => {
    response.resume();
    const status = response.statusCode ?? 0;
    response.on("end", () => settle(status >= 200 && status < 300 ? null : String(status)));
    response.on("error", (error) => settle(error.message));
  });
  request.on("timeout", () => request.destroy(new Error("no answer within 10 s")));
  request.on("error", (error) => settle(error.message));
  request.end(body);
}

function finish() {
  agent.destroy();
  accepted.sort((a, b) => a.order - b.order);
  const output: PublisherOutput = {
    ids: accepted.map((event) => event.id),
    sentAt: accepted.map((event) => event.at),
    answeredAt: accepted.map((event) => event.answeredAt),
    sent,
    refused,
    unacknowledged,
    firstSentAt: sentAt[0]!,
    lastSentAt: sentAt[total - 1]!,
    lastAnsweredAt,
    maxInFlight,
    maxScheduleLagMs,
  };
  parentPort!.postMessage(output);
}

setTimeout(tick, Math.max(0, start - now()));
