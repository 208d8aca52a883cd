/**
 * The catalogue's sources as a user of the data must know them: homepage, licence, attribution and
 * what each contributes. The one table of these facts: `GET /v1/sources` (sources.service.ts),
 * /llms.txt (plugins/llms-txt.ts) and docs/api.md "Sources and licences" say the same.
 * Facts from each source's own licence page, linked in the table.
 */
import type { SourceName } from "../../db/types.ts";

/** One source's licence and attribution. */
export interface SourceLicence {
  name: SourceName;
  /** The source's name as its publisher writes it. */
  title: string;
  homepage: string;
  licence: {
    /** The licence's name, e.g. "Open Database License (ODbL) 1.0". */
    name: string;
    url: string;
    /** Further terms: a second licence for contents, share-alike, citation; [] when none. */
    terms: string[];
  };
  /** The text to show wherever the source's data is shown or redistributed. */
  attribution: string;
  /** What the source contributes to the catalogue, in a sentence. */
  contributes: string;
}

/** The sources in the order the API lists them. */
export const SOURCE_LICENCES: readonly SourceLicence[] = [
  {
    name: "xwines",
    title: "X-Wines",
    homepage: "https://github.com/rogerioxavier/X-Wines",
    licence: {
      name: "CC0 1.0 Universal (public domain dedication)",
      url: "https://creativecommons.org/publicdomain/zero/1.0/",
      terms: [
        'Please cite: de Azambuja, R.X.; Morais, A.J.; Filipe, V. "X-Wines: A Wine Dataset for Recommender ' +
          'Systems and Machine Learning." Big Data and Cognitive Computing 2023, 7(1), 20. ' +
          "https://doi.org/10.3390/bdcc7010020",
      ],
    },
    attribution:
      'X-Wines (de Azambuja, Morais, Filipe, "X-Wines: A Wine Dataset for Recommender Systems and Machine ' +
      'Learning", Big Data and Cognitive Computing 7(1):20, 2023), CC0 1.0',
    contributes:
      "Wines with producer, region, grape varieties, body, acidity, alcohol, food pairings and vintages: the wine's own facts (facts_basis source).",
  },
  {
    name: "lwin",
    title: "LWIN – Liv-ex Wine Identification Number",
    homepage: "https://www.liv-ex.com/lwin/",
    licence: {
      name: "LWIN licence (Liv-ex): free to use with attribution",
      url: "https://www.liv-ex.com/lwin/",
      terms: ["Attribute as: LWIN – Liv-ex Wine Identification Number, © Liv-ex"],
    },
    attribution: "LWIN – Liv-ex Wine Identification Number, © Liv-ex",
    contributes:
      "Wine identities (LWIN7), producers, appellations, colours and classifications; deleted and combined LWINs retire or merge wines. Style facts of wines known only here are typical of their appellation (facts_basis typical).",
  },
  {
    name: "off",
    title: "Open Food Facts",
    homepage: "https://world.openfoodfacts.org",
    licence: {
      name: "Open Database License (ODbL) 1.0",
      url: "https://opendatacommons.org/licenses/odbl/1-0/",
      terms: [
        "Individual contents of the database: Database Contents License (DbCL) 1.0, https://opendatacommons.org/licenses/dbcl/1-0/",
        "Share-alike: a database derived from Open Food Facts' and made public must be offered under the ODbL",
      ],
    },
    attribution: "Open Food Facts contributors, https://world.openfoodfacts.org",
    contributes:
      "Barcodes (GTIN) of bottled wines, with the product's name, brand and stated alcohol where given; facts it lacks are typical of the wine's appellation (facts_basis typical).",
  },
];
