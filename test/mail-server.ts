/**
 * A real SMTP server for the tests (the `smtp-server` package, on a free port of 127.0.0.1, no TLS,
 * no authentication): it keeps every mail it receives, parsed by `mailparser`, so a test can wait
 * for the mail to an address and follow its link. Start a service with `SMTP_URL: server.url`.
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { until } from "./helpers.ts";

/** A mail as received. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The http(s) links of the text, in order. */
  links: string[];
}

/** The running server. */
export interface MailServer {
  /** `smtp://127.0.0.1:<port>`. */
  url: string;
  /** Every mail received, oldest first. */
  mails: ReceivedMail[];
  /** Waits (up to 30 s) for a mail to `to` whose subject matches `subject`, received after `after` mails. */
  next(to: string, subject?: RegExp, after?: number): Promise<ReceivedMail>;
  /** Makes the server refuse every mail (`550`) while `on` is true. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/** Starts an SMTP server on a free port. */
export async function startMailServer(): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      if (refusing) {
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 })),
        );
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? "";
          mails.push({
            from: parsed.from?.text ?? "",
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text,
            links: text.match(/https?:\/\/\S+/g) ?? [],
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const find = (to: string, subject: RegExp | undefined, after: number) =>
    mails
      .slice(after)
      .find((m) => m.to.includes(to.toLowerCase()) && (subject === undefined || subject.test(m.subject)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, subject, after = 0) {
      await until(() => find(to, subject, after) !== undefined);
      return find(to, subject, after) as ReceivedMail;
    },
    refuse(on) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
