import { calendarFromEnv, type Logger } from "@pap/core";
import { processContentSettings } from "@pap/content";
import type { DomainServices } from "@pap/events";
import { defineSubgraph } from "@pap/kernel/domain";
import { noticeSettingsFromEnv } from "./config/settings";
import { noticeReactions } from "./consumers/notices";
import { createContext } from "./context";
import { communicationDomain } from "./contract";
import { smtpMailer } from "./delivery/mailer";
import { startEmailOutbox } from "./delivery/outbox";
import { schema } from "./schema";

/**
 * The communication subgraph: notices, rendered and filed, emailed by the outbox worker (which runs in
 * every process hosting the domain when a mail server is configured) or printed from the print queue;
 * and the notices other domains' events call for.
 */
export const subgraph = defineSubgraph(communicationDomain, () => {
  // Read when the platform starts rather than when the schema is built: a process may build it first.
  return {
    schema,
    createContext,
    background: (services: DomainServices, logger: Logger) => {
      const settings = noticeSettingsFromEnv();
      if (!settings.smtpUrl) {
        logger.info("no mail server is configured (SMTP_URL, or NOTICE_EMAIL=off): every notice copy is on paper, in the print queue");
        return { done: Promise.resolve(), stop: async () => {} };
      }
      return startEmailOutbox(
        services,
        { mailer: smtpMailer(settings.smtpUrl, settings.from), store: processContentSettings().store, settings },
        { logger, clock: services.eventRuntime.settings.clock },
      );
    },
    consumers: [
      noticeReactions(() => {
        const settings = noticeSettingsFromEnv();
        return { store: processContentSettings().store, calendar: calendarFromEnv(), emailEnabled: settings.smtpUrl !== undefined };
      }),
    ],
  };
});
