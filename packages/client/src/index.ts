/**
 * `@winedata/client`: a typed client of the Wine Data Service API.
 * Start with {@link createWineDataClient}; errors are {@link WineDataError}.
 */
export {
  createWineDataClient,
  type DetailOptions,
  eachItem,
  type LangOption,
  type WineDataClient,
  type WineDataClientOptions,
} from "./client.ts";
export { WineDataError } from "./errors.ts";
export type { GeneratingOptions } from "./generating.ts";
export type { components, paths } from "./openapi-types.ts";
export type { RetryEvent, RetryOptions } from "./retry.ts";
export type * from "./types.ts";
