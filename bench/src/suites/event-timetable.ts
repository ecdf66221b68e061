import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PublisherInput, PublisherOutput } from "./event-publisher";

/** Commits `rate` events a second for `seconds` from a worker thread, outside the platform: what is measured from each commit on is delivery alone. */
export function publishOnTimetable(input: PublisherInput): Promise<PublisherOutput> {
  return new Promise<PublisherOutput>((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, "event-publisher.js"), { workerData: input });
    worker.once("message", (message: PublisherOutput) => void (resolve(message), worker.terminate()));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the publisher thread exited (${code}) before reporting`)));
  });
}
