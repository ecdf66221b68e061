import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A mail server of the test's own, in this process: it accepts every message (but those to refused addresses, answered 550) and keeps it parsed. */
export type SmtpReceiver = {
  url: string;
  messages: ParsedMail[];
  /** Recipients answered `550`: a permanent refusal, as a mailbox that does not exist gets. */
  refuse(address: string): void;
  close(): Promise<void>;
};

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ParsedMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS offered (its certificate would be self-signed), no login asked.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (address) => refused.add(address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
