/**
 * Drinking-period texts in de/en/fr/it: the window in words (calendar years for a vintage wine,
 * otherwise years after purchase, from which a non-vintage wine's window runs), the wine young and
 * mature, and storage advice that matches the style and the window's length (cellar conditions only
 * where ageing is meant).
 *
 * Storage conditions (10–14 °C, about 70 % relative humidity, bottles lying down, darkness) follow the
 * general guidance of The Oxford Companion to Wine, 4th ed. (2015), entry "storage", and the
 * Deutsches Weininstitut's cellar advice.
 */
import type { Language } from "../../../domain/vocabulary.ts";
import { classifyDrinkingWindow, type WindowRule } from "../../../domain/wine/drinking-window.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import type { DrinkingPeriodContent } from "../content.types.ts";
import { ripe, type WindowEnd } from "./drinking-maturity.ts";
import { profile, young } from "./drinking-stages.ts";
import { capitalize, pick, tidy } from "./format.ts";
import { isTypical, typicalWindow } from "./typical-texts.ts";

/**
 * Styles sold ready to drink and not improved by cellaring: Port and sherry aged by the shipper,
 * non-vintage and fresh sparkling, sweet low-alcohol sparkling, rosé (OCW "port", "sherry",
 * "champagne", "rosé"); their storage text is short and gives no cellar conditions.
 */
const READY_STYLES: ReadonlySet<WindowRule> = new Set<WindowRule>([
  "lbv_port",
  "colheita_port",
  "tawny_port",
  "ruby_port",
  "fino",
  "fortified",
  "sparkling_nv",
  "sparkling_fresh",
  "sweet_light",
  "rose",
]);

/** "1 year" / "3 years" in the language (de dative after "innerhalb von"). */
function years(lang: Language, n: number, dative = false): string {
  if (lang === "en") return n === 1 ? "a year" : `${n} years`;
  if (lang === "de")
    return n === 1 ? (dative ? "eines Jahres" : "ein Jahr") : dative ? `von ${n} Jahren` : `${n} Jahre`;
  if (lang === "fr") return n === 1 ? "un an" : `${n} ans`;
  return n === 1 ? "un anno" : `${n} anni`;
}

/**
 * The statement of a window that ended before `year` (the listed vintage is past its best): says so,
 * and how soon after its harvest a current vintage drinks best, instead of advising a past date.
 */
function pastStatement(lang: Language, v: number, a: number, b: number, to: number): string {
  return {
    en: `The ${v} vintage was at its best from ${a} to ${b}; a younger vintage drinks best within ${years(lang, to)} of its harvest.`,
    de: `Der Jahrgang ${v} war von ${a} bis ${b} am besten; ein jüngerer Jahrgang trinkt sich am besten innerhalb ${years(lang, to, true)} nach der Lese.`,
    fr: `Le millésime ${v} était à son meilleur de ${a} à ${b} ; un millésime plus récent se boit idéalement dans les ${years(lang, to)} qui suivent la vendange.`,
    it: `L'annata ${v} ha dato il meglio dal ${a} al ${b}; un'annata più recente si beve al meglio entro ${years(lang, to)} dalla vendemmia.`,
  }[lang];
}

function statement(f: WineFacts, lang: Language, from: number, to: number, year: number): string {
  if (f.vintage !== null) {
    const a = f.vintage + from;
    const b = f.vintage + to;
    const v = f.vintage;
    if (b < year) return pastStatement(lang, v, a, b, to);
    if (a === b) {
      return {
        en: `The ${v} vintage is best enjoyed in ${a}.`,
        de: `Der Jahrgang ${v} ist am besten im Jahr ${a} zu genießen.`,
        fr: `Le millésime ${v} se déguste idéalement en ${a}.`,
        it: `L'annata ${v} si gusta al meglio nel ${a}.`,
      }[lang];
    }
    return pick(
      [
        {
          en: `The ${v} vintage is best enjoyed between ${a} and ${b}.`,
          de: `Der Jahrgang ${v} ist am besten zwischen ${a} und ${b} zu genießen.`,
          fr: `Le millésime ${v} se déguste idéalement entre ${a} et ${b}.`,
          it: `L'annata ${v} si gusta al meglio tra il ${a} e il ${b}.`,
        },
        {
          en: `Best enjoyed between ${a} and ${b} (vintage ${v}).`,
          de: `Trinkfenster für den Jahrgang ${v}: ${a} bis ${b}.`,
          fr: `Fenêtre de dégustation du millésime ${v} : de ${a} à ${b}.`,
          it: `Finestra di beva dell'annata ${v}: dal ${a} al ${b}.`,
        },
        {
          en: `Drink the ${v} vintage from ${a} to ${b}.`,
          de: `Den Jahrgang ${v} am besten von ${a} bis ${b} trinken.`,
          fr: `Le millésime ${v} est à boire de ${a} à ${b}.`,
          it: `L'annata ${v} è da bere dal ${a} al ${b}.`,
        },
      ],
      f.id,
      "statement",
    )[lang];
  }
  if (to === 0) {
    return {
      en: "Best enjoyed soon after purchase.",
      de: "Am besten bald nach dem Kauf zu genießen.",
      fr: "À déguster de préférence peu après l'achat.",
      it: "Da gustare al meglio poco dopo l'acquisto.",
    }[lang];
  }
  if (from === 0) {
    return {
      en: `Best enjoyed within ${years("en", to)} of purchase.`,
      de: `Am besten innerhalb ${years("de", to, true)} nach dem Kauf zu genießen.`,
      fr: `À déguster de préférence dans les ${to === 1 ? "douze mois" : years("fr", to)} suivant l'achat.`,
      it: `Da gustare al meglio entro ${years("it", to)} dall'acquisto.`,
    }[lang];
  }
  return {
    en: `Best enjoyed between ${from} and ${to} years after purchase.`,
    de: `Am besten ${from} bis ${to} Jahre nach dem Kauf zu genießen.`,
    fr: `À déguster de préférence entre ${from} et ${to} ans après l'achat.`,
    it: `Da gustare al meglio tra ${from} e ${to} anni dall'acquisto.`,
  }[lang];
}

/**
 * The end of the window as the ripe and storage texts say it: a calendar year ("by 2031"), after
 * purchase for a non-vintage wine, or after the harvest when the listed vintage's window ended before
 * `year` (no advice to drink by a past date).
 */
function endOfWindow(f: WineFacts, lang: Language, to: number, year: number): WindowEnd {
  const n = Math.max(1, to);
  if (f.vintage !== null && f.vintage + to < year) {
    return {
      en: {
        by: `within ${years("en", n)} of its harvest`,
        until: `for about ${years("en", n)} after its harvest`,
      },
      de: {
        by: `innerhalb ${years("de", n, true)} nach der Lese`,
        until: `etwa ${years("de", n)} lang nach der Lese`,
      },
      fr: {
        by: `dans les ${years("fr", n)} qui suivent la vendange`,
        until: `pendant environ ${years("fr", n)} après la vendange`,
      },
      it: {
        by: `entro ${years("it", n)} dalla vendemmia`,
        until: `per circa ${years("it", n)} dalla vendemmia`,
      },
    }[lang];
  }
  if (f.vintage !== null) {
    const y = f.vintage + to;
    return {
      en: { by: `by ${y}`, until: `until about ${y}` },
      de: { by: `bis ${y}`, until: `bis etwa ${y}` },
      fr: { by: `d'ici ${y}`, until: `jusqu'en ${y} environ` },
      it: { by: `entro il ${y}`, until: `fino al ${y} circa` },
    }[lang];
  }
  return {
    en: { by: `within ${years("en", n)} of purchase`, until: `for about ${years("en", n)} after purchase` },
    de: {
      by: `innerhalb ${years("de", n, true)} nach dem Kauf`,
      until: `etwa ${years("de", n)} lang nach dem Kauf`,
    },
    fr: {
      by: `dans les ${n === 1 ? "douze mois" : years("fr", n)} suivant l'achat`,
      until: `pendant environ ${years("fr", n)} après l'achat`,
    },
    it: { by: `entro ${years("it", n)} dall'acquisto`, until: `per circa ${years("it", n)} dall'acquisto` },
  }[lang];
}

function storage(lang: Language, rule: WindowRule, to: number, end: WindowEnd): string {
  if (READY_STYLES.has(rule) || to <= 3) {
    return {
      en: "No cellar is needed: keep the bottle somewhere cool and dark, away from heat and direct light.",
      de: "Ein Weinkeller ist nicht nötig: die Flasche kühl, dunkel und vor Wärme und direktem Licht geschützt aufbewahren.",
      fr: "Nul besoin de cave : gardez la bouteille au frais et dans l'obscurité, à l'abri de la chaleur et de la lumière directe.",
      it: "Non serve una cantina: conservare la bottiglia in un luogo fresco e buio, lontano da fonti di calore e dalla luce diretta.",
    }[lang];
  }
  const base = {
    en: "Store the bottles lying down in a dark, vibration-free place at a constant 10–14 °C and around 70% humidity.",
    de: "Die Flaschen liegend, dunkel und erschütterungsfrei bei konstant 10–14 °C und rund 70 % Luftfeuchtigkeit lagern.",
    fr: "Conservez les bouteilles couchées, à l'abri de la lumière et des vibrations, à une température constante de 10 à 14 °C et à environ 70 % d'humidité.",
    it: "Conservare le bottiglie coricate, al buio e al riparo dalle vibrazioni, a una temperatura costante di 10–14 °C e con un'umidità di circa il 70%.",
  }[lang];
  const tail =
    to < 15
      ? {
          en: `Under these conditions it will keep ${end.until}.`,
          de: `So gelagert, hält er sich ${end.until}.`,
          fr: `Ainsi conservé, il se gardera ${end.until}.`,
          it: `Conservato così, si mantiene ${end.until}.`,
        }[lang]
      : {
          en: `These conditions matter for a wine made for long cellaring: kept this way, it can develop ${end.until}.`,
          de: `Für einen Wein mit so langem Lagerpotenzial sind diese Bedingungen entscheidend: So kann er sich ${end.until} entwickeln.`,
          fr: `Ces conditions comptent pour un vin de longue garde : ainsi conservé, il peut évoluer ${end.until}.`,
          it: `Per un vino da lungo invecchiamento queste condizioni sono decisive: così conservato può evolvere ${end.until}.`,
        }[lang];
  return `${base} ${tail}`;
}

/**
 * Drinking-period content of one wine in one language: `from`/`to` in years after the vintage
 * (see drinkingWindow), `statement` (calendar years when a vintage is known, else years after
 * purchase; for a window that ended before the current year, what a younger vintage offers), `young`,
 * `ripe`, `storage` (10–14 °C, ~70 % humidity, lying down, dark; matched to the
 * window's length; cellar conditions only for wines meant for ageing, see READY_STYLES). `f.vintage`
 * is replaced by the vintage the style may name (null for non-vintage wines; see wineStyle).
 * A wine whose facts are typical of its style gets a sentence saying the window is the style's
 * ({@link typicalWindow}). Deterministic.
 */
export function buildDrinkingPeriod(facts: WineFacts, lang: Language): DrinkingPeriodContent {
  const { from, to, rule, style } = classifyDrinkingWindow(facts);
  const f = style.vintage === facts.vintage ? facts : { ...facts, vintage: style.vintage };
  const p = profile(rule, to);
  const year = new Date().getUTCFullYear();
  const end = endOfWindow(f, lang, to, year);
  return {
    from,
    to,
    statement: capitalize(
      tidy(`${statement(f, lang, from, to, year)}${isTypical(f) ? typicalWindow(lang) : ""}`),
    ),
    young: capitalize(tidy(young(f, lang, p))),
    ripe: capitalize(tidy(ripe(f, lang, p, end))),
    storage: capitalize(tidy(storage(lang, rule, to, end))),
  };
}
