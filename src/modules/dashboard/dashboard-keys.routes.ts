/**
 * The dashboard's API key pages under `/account/keys`: the list, creation (the full key is shown
 * once, on the page after the redirect, from the session's encrypted flash) and revocation with a
 * confirmation page. A created key works at once (unknown prefixes are never cached); a revoked one
 * is dropped from the key cache of this process and, through the key-cache bus, of the others.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import { accessAt, PLANS } from "../accounts/plans.ts";
import { type ActiveSession, setFlash, takeFlash } from "../accounts/sessions.service.ts";
import {
  findKeyByPrefix,
  issueKey,
  keyIsLive,
  listKeysOfAccount,
  revokeKey,
} from "../api-keys/api-keys.service.ts";
import { CsrfBody, KeyBody, KeyParams, PageQuery } from "./dashboard.schemas.ts";
import {
  auditor,
  checkKeyForm,
  type DashboardOptions,
  type Flash,
  type KeyFormValues,
  keyList,
  planAbilities,
  sessionOf,
} from "./dashboard.service.ts";
import { format, textsFor } from "./texts/texts.ts";

const dashboardKeyRoutes: FastifyPluginAsyncTypebox<DashboardOptions> = async (app) => {
  const clock = app.clock;
  const account = { page: "account", public: true } as const;
  const audit = auditor(app.db, app.log, clock);

  /** The highest per-minute limit the account's plan allows (null = any) and its default. */
  const planLimits = (row: Parameters<typeof accessAt>[0]) =>
    accessAt(row, clock()).limits ?? PLANS[row.plan];

  /**
   * The keys page of `session`'s account: its keys, the form with `values` and `errors` (a fresh
   * form when omitted), and the key just created or a notice from the flash.
   */
  async function keysPage(
    request: FastifyRequest,
    session: ActiveSession,
    form: { values?: KeyFormValues; errors?: Record<string, string>; flash?: Flash | null } = {},
  ) {
    const t = textsFor(request.pageLang);
    const limits = planLimits(session.account);
    const rows = await listKeysOfAccount(app.db, session.account.id);
    const active = rows.filter((row) => keyIsLive(row, clock())).length;
    return {
      keys: keyList(rows, t),
      newKey: form.flash?.newKey ?? null,
      notice: form.flash?.notice ?? null,
      abilities: planAbilities(limits),
      photoHint: !limits.photo,
      values: form.values ?? { name: "", abilities: ["*"], rate_limit: String(limits.defaultPerMinute) },
      errors: form.errors ?? {},
      maxHint:
        limits.maxPerMinute === null
          ? t.keys.rateLimitAny
          : format(t.keys.rateLimitHint, { max: limits.maxPerMinute }),
      maxPerMinute: limits.maxPerMinute,
      keysHint: format(t.keys.activeOf, { active, max: limits.maxActiveKeys }),
    };
  }

  app.get("/keys", { config: account, schema: { querystring: PageQuery } }, async (request, reply) => {
    const session = sessionOf(request);
    const flash = (await takeFlash(app.db, session)) as Flash | null;
    return reply.page("keys", await keysPage(request, session, { flash }));
  });

  app.post(
    "/keys",
    { config: account, schema: { body: KeyBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const session = sessionOf(request);
      const t = textsFor(request.pageLang);
      const abilities = [request.body.abilities ?? []].flat();
      const values = { name: request.body.name, abilities, rate_limit: request.body.rate_limit };
      const limits = planLimits(session.account);
      const form = checkKeyForm({ ...request.body, abilities }, limits, t);
      if (!form.ok)
        return reply
          .code(422)
          .page("keys", await keysPage(request, session, { values, errors: form.errors }));
      let issued: Awaited<ReturnType<typeof issueKey>>;
      try {
        issued = await issueKey(app.db, {
          account: session.account,
          name: form.name,
          abilities: form.abilities,
          rateLimitPerMinute: form.rateLimit,
          now: clock(),
        });
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== "key_limit_reached") throw err;
        const errors = { form: format(t.keys.limitReached, { max: limits.maxActiveKeys }) };
        return reply.code(409).page("keys", await keysPage(request, session, { values, errors }));
      }
      const { key, row } = issued;
      await audit(request, "key.created", session.account.id, { prefix: row.prefix });
      await setFlash(app.db, session.token, { newKey: { key, name: row.name } } satisfies Flash);
      return reply.redirect("/account/keys", 303);
    },
  );

  /** The key `prefix` of the session's account, or 404 (another account's key is not found either). */
  const ownKey = async (accountId: number, prefix: string) => {
    const row = await findKeyByPrefix(app.db, prefix);
    if (row === undefined || row.account_id !== accountId) throw new AppError("not_found", "Not found.");
    return row;
  };

  app.get(
    "/keys/:prefix/revoke",
    { config: account, schema: { params: KeyParams, querystring: PageQuery } },
    async (request, reply) => {
      const session = sessionOf(request);
      const row = await ownKey(session.account.id, request.params.prefix);
      if (row.revoked_at !== null) return reply.redirect("/account/keys", 303);
      const t = textsFor(request.pageLang);
      return reply.page("revoke", {
        prefix: row.prefix,
        heading: format(t.keys.revokeTitle, { name: row.name }),
        text: format(t.keys.revokeText, { prefix: row.prefix }),
      });
    },
  );

  app.post(
    "/keys/:prefix/revoke",
    { config: account, schema: { params: KeyParams, body: CsrfBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const session = sessionOf(request);
      const t = textsFor(request.pageLang);
      const row = await ownKey(session.account.id, request.params.prefix);
      if (await revokeKey(app.db, row.prefix, clock(), app.keyCache)) {
        await audit(request, "key.revoked", session.account.id, { prefix: row.prefix });
      }
      await setFlash(app.db, session.token, {
        notice: format(t.keys.revoked, { prefix: row.prefix }),
      } satisfies Flash);
      return reply.redirect("/account/keys", 303);
    },
  );
};

export default dashboardKeyRoutes;
