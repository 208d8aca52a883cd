/**
 * The mail port of the account flows, decorated as `app.mailer` (modules/accounts/mail.ts):
 * - with `SMTP_URL`: nodemailer's SMTP transport, one connection per mail (so a mail server that
 *   was down is simply used again when it is back), STARTTLS when offered, 10 s to connect, greet and
 *   answer; a refused or unanswered mail rejects `send` after one warning line (address and
 *   subject, never the body: it holds single-use links);
 * - without it (the embedded default): the "log" transport writes each mail as one info line of the
 *   service log — in development with its text, links included, so a developer can follow them; in
 *   production (`NODE_ENV=production`) only recipient and subject (the links are secrets), after a
 *   warning at start that mails are not sent.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { MailSetting } from "../config.ts";
import type { Mailer, OutgoingMail } from "../modules/accounts/mail.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the account flows' mails. */
    mailer: Mailer;
  }
}

/** Options of the plugin. */
export interface MailerOptions {
  setting: MailSetting;
  /** Production: a missing SMTP_URL is worth a warning. */
  production: boolean;
}

/** Longest wait for the mail server at each step (connect, greeting, each answer), in ms. */
const SMTP_TIMEOUT_MS = 10_000;

export default fp<MailerOptions>(
  async (app: FastifyInstance, { setting, production }) => {
    const log = app.log.child({ component: "mail" });
    if (setting.smtpUrl === null) {
      if (production) log.warn("SMTP_URL is not set: mails are not sent (only their subjects are logged)");
      const logged: Mailer = {
        async send(mail: OutgoingMail) {
          const shown = production ? { to: mail.to, subject: mail.subject } : { from: setting.from, ...mail };
          log.info({ mail: shown }, "mail (log transport: not sent)");
        },
      };
      app.decorate("mailer", logged);
      return;
    }
    // nodemailer is loaded only when mails are really sent.
    const { createTransport } = await import("nodemailer");
    const transport = createTransport({
      url: setting.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    const smtp: Mailer = {
      async send(mail: OutgoingMail) {
        try {
          await transport.sendMail({
            from: setting.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
          });
        } catch (err) {
          log.warn(
            { err: { code: (err as { code?: string }).code }, to: mail.to, subject: mail.subject },
            "mail not sent",
          );
          throw err;
        }
      },
    };
    app.decorate("mailer", smtp);
    app.addHook("onClose", async () => transport.close());
  },
  { name: "mailer" },
);
