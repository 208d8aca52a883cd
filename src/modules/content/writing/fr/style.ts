/**
 * The French noun of a wine's style, with agreement: "un rouge corsé", "un blanc sec et ample",
 * "un champagne brut", "un porto tawny", "un fino", "un liquoreux", "une grappa". The noun follows
 * the decided style (domain/wine/wine-style.ts) and, for sparkling wines, the appellation rule
 * (Champagne, crémant, cava, prosecco); body is said only of still table wines (a fino or a Port is
 * never called "corsé" from data that describes table wines).
 */

import { fold } from "../../../../domain/text-folding.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { elides, list } from "./grammar.ts";
import { agree, type Gender } from "./words.ts";

/** A style noun: head noun, gender and the adjectives that follow it. */
export interface StyleNoun {
  head: string;
  /** The head for a second mention, when shorter ("porto LBV"). */
  short?: string;
  gender: Gender;
  adjectives: string[];
}

/** Sparkling wine nouns by appellation rule (Le Petit Robert: champagne, crémant, cava, prosecco). */
const SPARKLING_BY_RULE: Readonly<Record<string, string>> = {
  Champagne: "champagne",
  "Crémant de Bourgogne": "crémant",
  "Crémant d'Alsace": "crémant",
  "Crémant de Loire": "crémant",
  Cava: "cava",
  Prosecco: "prosecco",
  "Conegliano-Valdobbiadene Prosecco": "prosecco",
  Franciacorta: "franciacorta",
  Trento: "trentodoc",
};

/** Sparkling label terms in French (Regulation (EU) 2019/33 Annex III Part B, French wording). */
const SPARKLING_SUGAR: Readonly<Record<string, string>> = {
  brut_nature: "brut nature",
  extra_brut: "extra-brut",
  brut: "brut",
  extra_dry: "extra-dry",
  demi_sec: "demi-sec",
  doux: "doux",
};

/** Still-wine sugar terms (Annex III Part A, French wording); dry is said only of whites and rosés. */
const STILL_SUGAR: Readonly<Record<string, string>> = {
  off_dry: "demi-sec",
  medium_sweet: "moelleux",
  sweet: "doux",
};

/** True for a grape spirit whose name calls it a grappa. */
function isGrappa(p: WineProfile): boolean {
  return /\bgrappa\b/.test(fold(`${p.facts.name} ${p.facts.region.names.en}`));
}

/** Body of a still table wine, by colour (whites "ample", reds "corsé"). */
function bodyWord(p: WineProfile, variant: number): string | undefined {
  const red = p.facts.color === "red";
  switch (p.palate.body) {
    case "very_light":
      return "très léger";
    case "light":
      return "léger";
    case "medium":
      return red ? (variant % 2 ? "de corpulence moyenne" : "souple") : variant % 2 ? "équilibré" : "frais";
    case "full":
      return red ? (variant % 2 ? "charpenté" : "corsé") : "ample";
    case "very_full":
      return red ? "puissant" : "très ample";
    default:
      return undefined;
  }
}

/**
 * The style noun of a wine. `variant` picks among equivalent adjectives (a stable number from the
 * writer's `choose`), so that two wines of the same style need not read alike.
 */
export function styleNoun(p: WineProfile, variant = 0): StyleNoun {
  const f = p.facts;
  const kind = p.style.kind;
  if (p.category === "grape_spirit") {
    if (isGrappa(p)) return { head: "grappa", gender: "f", adjectives: [] };
    if (/\bmarc\b/.test(fold(f.name))) return { head: "marc", gender: "m", adjectives: [] };
    return { head: "eau-de-vie de raisin", gender: "f", adjectives: [] };
  }
  const colour = f.color === "red" ? "rouge" : f.color === "rose" ? "rosé" : "blanc";
  const sugar = f.residualSugar ?? undefined;
  switch (kind) {
    case "vintage_port":
      return { head: "porto vintage", gender: "m", adjectives: [] };
    case "lbv_port":
      return { head: "porto LBV (Late Bottled Vintage)", short: "porto LBV", gender: "m", adjectives: [] };
    case "colheita_port":
      return { head: "porto colheita", gender: "m", adjectives: [] };
    case "tawny_port":
      return { head: "porto tawny", gender: "m", adjectives: [] };
    case "ruby_port":
      return { head: "porto ruby", gender: "m", adjectives: [] };
    case "fino":
      return { head: "fino", gender: "m", adjectives: [] };
    case "fortified":
      return p.rule?.region === "Jerez-Xérès-Sherry" || /sherry/i.test(f.region.names.en)
        ? { head: "xérès", gender: "m", adjectives: [] }
        : { head: "vin muté", gender: "m", adjectives: [colour === "rosé" ? "rosé" : colour] };
    case "botrytis":
      return { head: "liquoreux", gender: "m", adjectives: [] };
    case "sweet_white":
      return { head: "blanc", gender: "m", adjectives: ["moelleux"] };
    case "sweet_red":
      return { head: colour === "rosé" ? "rosé" : "rouge", gender: "m", adjectives: ["doux"] };
    case "sweet_light":
      return f.subType === "sparkling"
        ? { head: "effervescent", gender: "m", adjectives: ["doux", colour === "blanc" ? "" : colour] }
        : { head: colour, gender: "m", adjectives: ["doux", "peu alcoolisé"] };
    case "sparkling_prestige":
    case "sparkling_vintage":
    case "sparkling_nv":
    case "sparkling_fresh": {
      const byRule = p.rule ? SPARKLING_BY_RULE[p.rule.region] : undefined;
      const adjectives: string[] = [];
      if (f.color === "rose") adjectives.push("rosé");
      if (p.style.blancDeBlancs) adjectives.push("blanc de blancs");
      if (kind === "sparkling_vintage" || kind === "sparkling_prestige") adjectives.push("millésimé");
      if (sugar && SPARKLING_SUGAR[sugar]) adjectives.push(SPARKLING_SUGAR[sugar] as string);
      if (byRule) return { head: byRule, gender: "m", adjectives };
      if (f.color === "red") return { head: "rouge effervescent", gender: "m", adjectives };
      return { head: "effervescent", gender: "m", adjectives: adjectives.length ? adjectives : [colour] };
    }
    default: {
      const adjectives: string[] = [];
      const still = sugar ? STILL_SUGAR[sugar] : undefined;
      if (still) adjectives.push(still);
      else if (f.color !== "red" && p.palate.sweetness === "dry" && variant % 3 === 0) adjectives.push("sec");
      const body = p.typical ? undefined : bodyWord(p, variant);
      if (body) adjectives.push(body);
      return { head: colour, gender: "m", adjectives };
    }
  }
}

/** "rouge corsé", "blanc sec et ample", "champagne brut blanc de blancs". */
export function styleText(n: StyleNoun): string {
  const adj = n.adjectives.filter((a) => a.length > 0).map((a) => agree(a, n.gender));
  if (adj.length === 0) return n.head;
  // Label terms and colours stack without "et" ("champagne rosé brut"); qualities are coordinated.
  const labels = adj.filter((a) => /^(rosé|rouge|blanc|blanc de blancs|millésimé|brut.*|extra-.*)$/.test(a));
  const qualities = adj.filter((a) => !labels.includes(a));
  return [n.head, ...labels, list(qualities)].filter((s) => s.length > 0).join(" ");
}

/** "un rouge corsé", "une grappa"; `nationality` follows the head ("un blanc portugais demi-sec"). */
export function indefinite(n: StyleNoun, nationality?: string): string {
  const head = nationality ? `${n.head} ${nationality}` : n.head;
  return `${n.gender === "f" ? "une" : "un"} ${styleText({ ...n, head })}`;
}

/** "ce rouge", "cet effervescent", "cette grappa" (head only). */
export function demonstrative(n: StyleNoun): string {
  const head = n.short ?? n.head;
  return `${n.gender === "f" ? "cette" : elides(head) ? "cet" : "ce"} ${head}`;
}
