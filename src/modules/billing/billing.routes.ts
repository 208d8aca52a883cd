/**
 * `POST /billing/webhook`: the payment provider's event deliveries (Stripe), outside the API prefix
 * and without an API key: a delivery is trusted only when its signature verifies. The body is kept
 * as the exact bytes received (the signature covers them), so this scope has its own JSON parser.
 * Answers 200 `{received: true, duplicate}` (a repeated delivery changes nothing), 400 `bad_request`
 * for a bad signature, 404 when the provider takes no webhooks (`manual`). An applied change of an
 * account's plan or state is recorded in the audit log (`plan.changed`).
 */
import type { FastifyPluginAsync } from "fastify";
import { AppError } from "../../errors.ts";
import { auditSource, recordAuditEvent } from "../accounts/audit.service.ts";

/**
 * Largest webhook body, in bytes (app.ts's body rules): Stripe documents no limit; an event carries
 * one API object, a few KiB, so this leaves a wide margin. The body is only kept as bytes (nothing
 * parses it before its signature verifies).
 */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const billingRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.post("/billing/webhook", { config: { public: true }, schema: { hide: true } }, async (request) => {
    const receive = app.billing.receiveWebhook?.bind(app.billing);
    if (receive === undefined) throw new AppError("not_found", "Not found.");
    const body = request.body;
    if (!Buffer.isBuffer(body)) throw new AppError("bad_request", "The webhook body is missing.");
    const signature = request.headers["stripe-signature"];
    const result = await receive(body, typeof signature === "string" ? signature : undefined);
    if (result.accountId !== undefined) {
      await recordAuditEvent(app.db, app.log, {
        event: "plan.changed",
        accountId: result.accountId,
        source: auditSource(request),
        now: app.clock(),
        detail: { via: "webhook", type: result.type },
      });
    }
    return { received: true, duplicate: result.duplicate };
  });
};

export default billingRoutes;
