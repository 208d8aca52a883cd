/**
 * The short text summaries of the MCP tools' results, in the language a tool was asked for: one file
 * per language in ./texts behind one interface (texts/mcp-texts.ts), as the writers of wine texts
 * (content/writing) and the dashboard's texts are. The data itself is the API's JSON
 * (`structuredContent`); these lines only say what it holds.
 */
import type { Language } from "../../domain/vocabulary.ts";
import { de } from "./texts/de.ts";
import { en } from "./texts/en.ts";
import { fr } from "./texts/fr.ts";
import { it } from "./texts/it.ts";
import type { McpTexts } from "./texts/mcp-texts.ts";

const TEXTS: Record<Language, McpTexts> = { de, en, fr, it };

/** The phrases of `lang`. */
export const mcpTexts = (lang: Language): McpTexts => TEXTS[lang];
