import nodemailer from "nodemailer";
import type { NoticeLanguage } from "../domain/vocabulary";

/** One notice copy as an email: the notice's title, a short cover text in its language, its PDF attached. */
export type NoticeEmail = {
  deliveryId: string;
  to: string;
  subject: string;
  language: NoticeLanguage;
  fileName: string;
  pdf: Buffer;
};

export type SendResult = { ok: true; detail: string } | { ok: false; detail: string; retryable: boolean };

export type Mailer = { send(email: NoticeEmail): Promise<SendResult>; close(): void };

const coverText: Record<NoticeLanguage, string> = {
  en: "A notice about your benefits application is attached as a PDF. Please read it: it may ask you to do something by a date. If you have questions, contact your local office.",
  es: "Adjuntamos en PDF un aviso sobre su solicitud de beneficios. Léalo: puede pedirle que haga algo antes de una fecha. Si tiene preguntas, comuníquese con su oficina local.",
};

type SmtpError = Error & { responseCode?: number; code?: string; response?: string };

/**
 * Sends notice copies through the configured mail server (nodemailer's SMTP transport, pooled). Each
 * message carries the copy's own Message-ID, so a copy sent again after a crash between the server's
 * acceptance and its recording is the same message to the mail system. A 5xx answer is final (the
 * address or the message is refused); anything else (4xx, a connection that failed) is tried again.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { pool: true, maxConnections: 2 } as never);
  return {
    async send(email) {
      try {
        const info = await transport.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          text: coverText[email.language],
          messageId: `<${email.deliveryId}@notices.platform>`,
          attachments: [{ filename: email.fileName, content: email.pdf, contentType: "application/pdf" }],
        });
        return { ok: true, detail: String(info.response ?? "accepted").slice(0, 500) };
      } catch (error) {
        const smtp = error as SmtpError;
        const status = smtp.responseCode;
        const detail = (status ? `${status} ${smtp.response ?? smtp.message}` : (smtp.code ?? smtp.message)).slice(0, 500);
        return { ok: false, detail, retryable: !(status !== undefined && status >= 500) };
      }
    },
    close: () => transport.close(),
  };
}
