/**
 * The dashboard's API key pages under `/account/keys`: the list, creation (the full key is shown
 * once, on the page after the redirect, from the session's encrypted flash) and revocation with a
 * confirmation page. A created key works at once (unknown prefixes are never cached); a revoked one
 * is dropped from the key cache of this process and, through the key-cache bus, of the others.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AppError } from "../../errors.ts";
import { accessAt, PLANS } from "../accounts/plans.ts";
import { setFlash, takeFlash } from "../accounts/sessions.service.ts";
import { findKeyByPrefix, listKeysOfAccount } from "../api-keys/api-keys.repository.ts";
import { issueKey, revokeKey } from "../api-keys/api-keys.service.ts";
import { CsrfBody, KeyBody, KeyParams, PageQuery } from "./dashboard.schemas.ts";
import {
  auditor,
  checkKeyForm,
  type DashboardOptions,
  type Flash,
  keyList,
  planAbilities,
  sessionOf,
} from "./dashboard.service.ts";
import { format, textsFor } from "./texts/texts.ts";

const dashboardKeyRoutes: FastifyPluginAsyncTypebox<DashboardOptions> = async (app, { clock, apiPath }) => {
  const account = { page: "account", public: true } as const;
  const audit = auditor(app.db, app.log, clock);

  /** The highest per-minute limit the account's plan allows (null = any) and its default. */
  const planLimits = (row: Parameters<typeof accessAt>[0]) =>
    accessAt(row, clock()).limits ?? PLANS[row.plan];

  app.get("/keys", { config: account, schema: { querystring: PageQuery } }, async (request, reply) => {
    const session = sessionOf(request);
    const t = textsFor(request.pageLang);
    const flash = (await takeFlash(app.db, session)) as Flash | null;
    const limits = planLimits(session.account);
    return reply.page("keys", {
      keys: keyList(await listKeysOfAccount(app.db, session.account.id), t),
      newKey: flash?.newKey ?? null,
      notice: flash?.notice ?? null,
      abilities: planAbilities(limits),
      photoHint: !limits.photo,
      values: { name: "", abilities: ["*"], rate_limit: String(limits.defaultPerMinute) },
      errors: {},
      maxHint:
        limits.maxPerMinute === null
          ? t.keys.rateLimitAny
          : format(t.keys.rateLimitHint, { max: limits.maxPerMinute }),
      maxPerMinute: limits.maxPerMinute,
      apiBase: `${request.linkBase}${apiPath}`,
    });
  });

  app.post(
    "/keys",
    { config: account, schema: { body: KeyBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const session = sessionOf(request);
      const t = textsFor(request.pageLang);
      const abilities = [request.body.abilities ?? []].flat();
      const limits = planLimits(session.account);
      const form = checkKeyForm({ ...request.body, abilities }, limits, t);
      if (!form.ok) {
        return reply.code(422).page("keys", {
          keys: keyList(await listKeysOfAccount(app.db, session.account.id), t),
          newKey: null,
          notice: null,
          abilities: planAbilities(limits),
          photoHint: !limits.photo,
          values: { name: request.body.name, abilities, rate_limit: request.body.rate_limit },
          errors: form.errors,
          maxHint:
            limits.maxPerMinute === null
              ? t.keys.rateLimitAny
              : format(t.keys.rateLimitHint, { max: limits.maxPerMinute }),
          maxPerMinute: limits.maxPerMinute,
          apiBase: `${request.linkBase}${apiPath}`,
        });
      }
      const { key, row } = await issueKey(app.db, {
        account: session.account,
        name: form.name,
        abilities: form.abilities,
        rateLimitPerMinute: form.rateLimit,
        now: clock(),
      });
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
