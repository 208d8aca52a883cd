/** The writer of each language (see ./writer.ts). */
import type { Language } from "../../../domain/vocabulary.ts";
import { germanWriter } from "./de/index.ts";
import { englishWriter } from "./en/index.ts";
import { frenchWriter } from "./fr/index.ts";
import { italianWriter } from "./it/index.ts";
import type { Writer } from "./writer.ts";

/** One writer per language. */
export const WRITERS: Readonly<Record<Language, Writer>> = {
  de: germanWriter,
  en: englishWriter,
  fr: frenchWriter,
  it: italianWriter,
};
