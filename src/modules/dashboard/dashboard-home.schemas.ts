/**
 * The front door's JSON index (`GET /` asked without `text/html` in Accept): what the service is,
 * where to go next, and the plans with their limits and prices (plan-table.service.ts `planOffers`).
 * Not part of the API's OpenAPI document (the pages' routes are hidden from it).
 */
import { Type } from "typebox";
import { Nullable } from "../../http/schemas.ts";

/** An absolute URL (`PUBLIC_URL` or the request's scheme and host, then the path). */
const Url = Type.String({ format: "uri" });

/** `GET /` for JSON clients. */
export const HomeIndex = Type.Object({
  name: Type.String(),
  description: Type.String(),
  links: Type.Object({
    /** The API's base (`BASE_PATH`), e.g. `https://api.example.com/v1`. */
    api: Url,
    docs: Url,
    openapi: Url,
    llms_txt: Url,
    mcp: Url,
    signup: Url,
    login: Url,
  }),
  plans: Type.Array(
    Type.Object({
      id: Type.Union([Type.Literal("trial"), Type.Literal("standard"), Type.Literal("enterprise")]),
      name: Type.String(),
      /** Monthly price, `amount` in the currency's major unit; null for the trial (free). */
      price: Nullable(
        Type.Object({ amount: Type.Number(), currency: Type.String(), interval: Type.Literal("month") }),
      ),
      trial_days: Nullable(Type.Integer()),
      limits: Type.Object({
        requests_per_minute: Type.Integer(),
        requests_per_minute_max: Nullable(Type.Integer()),
        requests_per_day: Nullable(Type.Integer()),
        photo: Type.Boolean(),
        active_keys_max: Type.Integer(),
      }),
    }),
  ),
});
