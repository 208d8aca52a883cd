/**
 * The names of the MCP server's tools, in the order tools/list gives them — in a file of their own,
 * free of the MCP SDK, so that /llms.txt (plugins/llms-txt.ts) can name them without loading the SDK,
 * which the service loads only for its first `/mcp` request (mcp.routes.ts).
 */
export const MCP_TOOL_NAMES = [
  "search_wines",
  "list_wines",
  "get_wine",
  "find_wine_by_code",
  "get_producer",
  "get_region",
  "get_region_insight",
  "get_drinking_window",
  "list_grapes",
  "identify_label",
] as const;
