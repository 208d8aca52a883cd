/**
 * Schemas of the dashboard's HTML forms (application/x-www-form-urlencoded). They bound sizes and
 * shapes only; the pages check the values themselves (dashboard.service.ts) so that a mistake is
 * shown beside its field instead of as an error page. `_csrf` is each form's CSRF token.
 */
import { Type } from "typebox";

const Text = (max: number) => Type.String({ maxLength: max });
const Csrf = Text(200);

/** The page language switch, on every page. */
export const PageQuery = Type.Object({ lang: Type.Optional(Text(5)) });

/** POST /account/signup. */
export const SignupBody = Type.Object({
  _csrf: Csrf,
  name: Text(300),
  email: Text(300),
  password: Text(1_100),
});

/** POST /account/login. */
export const LoginBody = Type.Object({ _csrf: Csrf, email: Text(300), password: Text(1_100) });

/** POST /account/logout and the confirmation forms. */
export const CsrfBody = Type.Object({ _csrf: Csrf });

/** POST /account/password. */
export const PasswordBody = Type.Object({ _csrf: Csrf, current: Text(1_100), next: Text(1_100) });

/** POST /account/keys: the abilities' checkboxes arrive as one value or a list. */
export const KeyBody = Type.Object({
  _csrf: Csrf,
  name: Text(300),
  abilities: Type.Optional(Type.Union([Text(40), Type.Array(Text(40), { maxItems: 20 })])),
  rate_limit: Text(20),
});

/** `/account/keys/:prefix/revoke`. */
export const KeyParams = Type.Object({ prefix: Type.String({ pattern: "^wds_[a-z0-9]{8}$" }) });

/** POST /account/plan/upgrade. */
export const UpgradeBody = Type.Object({
  _csrf: Csrf,
  plan: Type.Union([Type.Literal("standard"), Type.Literal("enterprise")]),
});

/** GET /account/plan: set by the payment provider's return links. */
export const PlanQuery = Type.Object({
  lang: Type.Optional(Text(5)),
  checkout: Type.Optional(Type.Union([Type.Literal("done"), Type.Literal("canceled")])),
});

/** GET /account/login: the notice to show after a log-out, a reset, a deletion or a verification. */
export const LoginQuery = Type.Object({
  lang: Type.Optional(Text(5)),
  out: Type.Optional(Text(1)),
  reset: Type.Optional(Text(1)),
  deleted: Type.Optional(Text(1)),
  verified: Type.Optional(Text(1)),
});

/** A mailed link's token (43 base64url characters; anything else is answered as an unknown link). */
export const TokenQuery = Type.Object({ lang: Type.Optional(Text(5)), token: Type.Optional(Text(100)) });

/** POST /account/forgot. */
export const ForgotBody = Type.Object({ _csrf: Csrf, email: Text(300) });

/** POST /account/reset: the link's token and the new password. */
export const ResetBody = Type.Object({ _csrf: Csrf, token: Text(100), next: Text(1_100) });

/** POST /account/profile/name. */
export const NameBody = Type.Object({ _csrf: Csrf, name: Text(300) });

/** POST /account/profile/email: the new address and the current password. */
export const EmailBody = Type.Object({ _csrf: Csrf, email: Text(300), password: Text(1_100) });

/** POST /account/delete: the current password. */
export const DeleteBody = Type.Object({ _csrf: Csrf, password: Text(1_100) });
