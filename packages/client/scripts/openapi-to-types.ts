/**
 * Turns an OpenAPI 3.1 document into the TypeScript source of `src/openapi-types.ts` with
 * openapi-typescript. It lives in this package (not in the repository's scripts/) so that
 * openapi-typescript and the TypeScript 5 it needs resolve from packages/client/node_modules;
 * the repository's own TypeScript 7 has no JavaScript API. Called by scripts/generate-client.ts.
 */
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

/** First lines of the generated file. */
const HEADER = `/**
 * Types of the Wine Data Service API, generated from its /openapi.json by openapi-typescript.
 * Do not edit: run \`npm run generate:client\`; a test fails when this file is stale.
 */

`;

/**
 * The TypeScript source (the `paths`, `components` and `operations` interfaces) for `document`.
 * @throws when openapi-typescript rejects the document.
 */
export async function typesFromOpenApi(document: object): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, { silent: true });
  return HEADER + astToString(ast);
}
