/**
 * What the account flows send by mail, and the port they send it through: `app.mailer`
 * (plugins/mailer.ts: nodemailer over `SMTP_URL`, or the service log without it).
 */

/** One plain-text mail to one address. */
export interface OutgoingMail {
  /** The recipient's address (one address, as stored: lower case). */
  to: string;
  subject: string;
  /** The body, plain text (links on lines of their own). */
  text: string;
}

/** Sends mails. */
export interface Mailer {
  /**
   * Hands `mail` to the mail server (or to the log).
   * @throws Error when the server refuses it or does not answer within 10 s; the caller decides
   *   whether that fails the request (a password reset: 503) or not (a notice).
   */
  send(mail: OutgoingMail): Promise<void>;
}
