/**
 * Mailing the link that confirms an account's address, for the sign-up and the overview's "send
 * again" (accounts/account-links.service.ts makes the token, account-mails.ts the mail).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccountRow } from "../../db/types.ts";
import { startVerification } from "../accounts/account-links.service.ts";
import { mailLinkBase, NO_MAIL_LINKS, verificationMail } from "./account-mails.ts";
import { textsFor } from "./texts/texts.ts";

/**
 * Mails `account` a new verification link (older ones stop working), in the page's language.
 * Resolves to false, after logging why, when the mail could not be handed to the mail server or no
 * safe link could be built (account-mails.ts `mailLinkBase`); never rejects for a mail problem.
 */
export async function mailVerification(
  app: FastifyInstance,
  request: FastifyRequest,
  account: AccountRow,
  options: { publicUrl: string | null; now: Date },
): Promise<boolean> {
  const base = mailLinkBase(request.linkBase, options.publicUrl);
  if (base === null) {
    request.log.error(NO_MAIL_LINKS);
    return false;
  }
  const token = await startVerification(app.db, account, options.now);
  try {
    await app.mailer.send(verificationMail(textsFor(request.pageLang), account, base, token));
    return true;
  } catch {
    return false;
  }
}
