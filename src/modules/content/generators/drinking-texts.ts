/**
 * Drinking-period texts in de/en/fr/it: the window in words (calendar years for a vintage wine,
 * years after release otherwise), the wine young and mature, and storage advice that matches the
 * style and the window's length (cellar conditions only where ageing is meant).
 *
 * Storage conditions (10–14 °C, about 70 % relative humidity, bottles lying down, darkness) follow the
 * general guidance of The Oxford Companion to Wine, 4th ed. (2015), entry "storage", and the
 * Deutsches Weininstitut's cellar advice.
 */
import type { Language } from "../../../domain/vocabulary.ts";
import type { DrinkingPeriodContent, WineFacts } from "../content.types.ts";
import { classifyDrinkingWindow, type WindowRule } from "./drinking-window.ts";
import { capitalize, pick, tidy } from "./format.ts";
import { type AromaId, FRUIT_AROMAS } from "./i18n/aromas.ts";
import { acidityPhrase, agedAromas, aromaList, typicalAromas } from "./wine-parts.ts";

/** Groups of window rules that share the youth/maturity wording. */
type Profile = "tannic" | "red" | "fresh" | "white_long" | "sparkling_aged" | "sweet" | "port" | "fortified";

function profile(rule: WindowRule, to: number): Profile {
  switch (rule) {
    case "vintage_port":
      return "port";
    case "lbv_port":
    case "colheita_port":
    case "tawny_port":
    case "ruby_port":
    case "fino":
    case "fortified":
      return "fortified";
    case "botrytis":
    case "sweet_white":
    case "sweet_red":
      return "sweet";
    case "sparkling_vintage":
    case "sparkling_prestige":
      return "sparkling_aged";
    case "red":
      return to >= 12 ? "tannic" : to >= 5 ? "red" : "fresh";
    case "white":
      return to >= 8 ? "white_long" : "fresh";
    default:
      return "fresh";
  }
}

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

function statement(f: WineFacts, lang: Language, from: number, to: number): string {
  if (f.vintage !== null) {
    const a = f.vintage + from;
    const b = f.vintage + to;
    const v = f.vintage;
    if (a === b) {
      return {
        en: `From the ${v} vintage, it is best enjoyed in ${a}.`,
        de: `Der Jahrgang ${v} ist am besten im Jahr ${a} zu genießen.`,
        fr: `Le millésime ${v} se déguste idéalement en ${a}.`,
        it: `L'annata ${v} si gusta al meglio nel ${a}.`,
      }[lang];
    }
    return pick(
      [
        {
          en: `From the ${v} vintage, it is best enjoyed between ${a} and ${b}.`,
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
      en: "Best enjoyed soon after release.",
      de: "Am besten bald nach der Markteinführung zu genießen.",
      fr: "À déguster de préférence peu après sa mise sur le marché.",
      it: "Da gustare al meglio poco dopo l'uscita sul mercato.",
    }[lang];
  }
  if (from === 0) {
    return {
      en: `Best enjoyed within ${years("en", to)} of release.`,
      de: `Am besten innerhalb ${years("de", to, true)} nach der Markteinführung zu genießen.`,
      fr: `À déguster de préférence dans les ${to === 1 ? "douze mois" : years("fr", to)} suivant sa mise sur le marché.`,
      it: `Da gustare al meglio entro ${years("it", to)} dall'uscita sul mercato.`,
    }[lang];
  }
  return {
    en: `Best enjoyed between ${from} and ${to} years after release.`,
    de: `Am besten ${from} bis ${to} Jahre nach der Markteinführung zu genießen.`,
    fr: `À déguster de préférence entre ${from} et ${to} ans après sa mise sur le marché.`,
    it: `Da gustare al meglio tra ${from} e ${to} anni dall'uscita sul mercato.`,
  }[lang];
}

function two(ids: AromaId[], fallback: AromaId[]): AromaId[] {
  const list = ids.length > 0 ? ids : fallback;
  return list.slice(0, 2);
}

function young(f: WineFacts, lang: Language, p: Profile): string {
  const typical = typicalAromas(f).ids;
  const fruits = typical.filter((id) => FRUIT_AROMAS.has(id));
  const fruit = aromaList(two(fruits.length > 0 ? fruits : typical, ["redFruit"]), lang);
  const acid = acidityPhrase(f, lang);
  const texts: Record<Profile, Record<Language, string>> = {
    tannic: {
      en: `When young it is firmly structured, with primary fruit such as ${fruit} to the fore and tannins that still grip; decanting helps.`,
      de: `In der Jugend ist er straff strukturiert: Primärfrucht mit Noten von ${fruit} steht im Vordergrund, die Tannine wirken noch fest und fordernd; Dekantieren hilft.`,
      fr: `Jeune, il se montre structuré, dominé par un fruit primaire aux accents ${fruit}, avec des tanins encore serrés ; une mise en carafe lui est bénéfique.`,
      it: `Da giovane è ben strutturato, con il frutto primario (${fruit}) in primo piano e tannini ancora serrati; conviene decantarlo.`,
    },
    red: {
      en: `Young, it is fruity and supple, led by ${fruit}.`,
      de: `Jung zeigt er sich fruchtig und geschmeidig, geprägt von ${fruit}.`,
      fr: `Jeune, il est fruité et souple, porté par des arômes ${fruit}.`,
      it: `Da giovane è fruttato e morbido, guidato da sentori di ${fruit}.`,
    },
    fresh: {
      en: `It is at its best young, when its fresh fruit (${fruit}) and ${acid} are most vivid.`,
      de: `Am schönsten ist er jung, wenn die frische Frucht mit Noten von ${fruit} und die Säure am lebendigsten sind.`,
      fr: `C'est dans sa jeunesse qu'il est le plus séduisant, quand son fruit frais aux accents ${fruit} et son acidité sont les plus éclatants.`,
      it: `Dà il meglio di sé da giovane, quando il frutto fresco (${fruit}) e l'acidità sono più vivaci.`,
    },
    white_long: {
      en: `Young, it is taut and fresh, driven by ${acid} and aromas of ${fruit}.`,
      de: `Jung wirkt er straff und frisch, getragen von ${acid} und Aromen von ${fruit}.`,
      fr: `Jeune, il est tendu et frais, porté par ${acid} et des arômes ${fruit}.`,
      it: `Da giovane è teso e fresco, sostenuto da ${acid} e da profumi di ${fruit}.`,
    },
    sparkling_aged: {
      en: `Young, it shows a lively mousse and crisp fruit such as ${fruit}.`,
      de: `Jung zeigt er ein lebhaftes Mousseux und knackige Frucht mit Noten von ${fruit}.`,
      fr: `Jeune, il offre une mousse vive et un fruit croquant aux accents ${fruit}.`,
      it: `Da giovane offre un perlage vivace e un frutto croccante (${fruit}).`,
    },
    sweet: {
      en: `Young, it is intensely sweet and fruity, with ${fruit}, kept lively by its acidity.`,
      de: `Jung ist er intensiv süß und fruchtig mit Noten von ${fruit}, von der Säure lebendig gehalten.`,
      fr: `Jeune, il est intensément doux et fruité, aux accents ${fruit}, et son acidité lui garde de la vivacité.`,
      it: `Da giovane è intensamente dolce e fruttato, con sentori di ${fruit}, reso vivace dall'acidità.`,
    },
    port: {
      en: "Young, it is dense, sweet and powerful, with concentrated dark fruit and firm tannins.",
      de: "Jung ist er dicht, süß und kraftvoll, mit konzentrierter dunkler Frucht und festen Tanninen.",
      fr: "Jeune, il est dense, doux et puissant, avec un fruit noir concentré et des tanins fermes.",
      it: "Da giovane è denso, dolce e potente, con frutto scuro concentrato e tannini decisi.",
    },
    fortified: {
      en: "Aged by the producer before release, it is ready to drink as soon as it is bottled.",
      de: "Da er vor der Freigabe beim Erzeuger reift, ist er bei Markteinführung trinkreif.",
      fr: "Élevé par le producteur avant sa commercialisation, il est prêt à boire dès sa mise en bouteille.",
      it: "Affinato dal produttore prima della messa in commercio, è pronto da bere già all'imbottigliamento.",
    },
  };
  return texts[p][lang];
}

function ripe(f: WineFacts, lang: Language, p: Profile, end: WindowEnd): string {
  const aged = agedAromas(f);
  const tertiary = aromaList(
    aged.length > 0 ? aged.slice(0, 2) : (["leather", "forestFloor"] as AromaId[]),
    lang,
  );
  const whiteAged = aromaList(
    aged.length > 0 ? aged.slice(0, 2) : (["honey", "hazelnut"] as AromaId[]),
    lang,
  );
  const texts: Record<Profile, Record<Language, string>> = {
    tannic: {
      en: `With bottle age the tannins soften and tertiary aromas such as ${tertiary} typically emerge.`,
      de: `Mit der Flaschenreife werden die Tannine weicher, und typischerweise treten tertiäre Aromen von ${tertiary} hervor.`,
      fr: `Avec la garde, les tanins s'assouplissent et des arômes tertiaires ${tertiary} apparaissent généralement.`,
      it: `Con l'affinamento in bottiglia i tannini si ammorbidiscono e compaiono di norma sentori terziari di ${tertiary}.`,
    },
    red: {
      en: `After a few years the fruit mellows and hints of ${tertiary} can appear; it is best opened ${end.by}.`,
      de: `Nach einigen Jahren wird die Frucht milder und es können sich Noten von ${tertiary} zeigen; er sollte ${end.by} geöffnet werden.`,
      fr: `Après quelques années, le fruit s'arrondit et des touches ${tertiary} peuvent apparaître ; à ouvrir ${end.by}.`,
      it: `Dopo qualche anno il frutto si fa più morbido e possono emergere sentori di ${tertiary}; va aperto ${end.by}.`,
    },
    fresh: {
      en: `It is not made for long ageing and is best opened ${end.by}, while it is still fresh.`,
      de: `Er ist nicht für eine lange Lagerung gemacht und sollte ${end.by} geöffnet werden, solange er frisch ist.`,
      fr: `Il n'est pas destiné à une longue garde : mieux vaut l'ouvrir ${end.by}, tant qu'il est frais.`,
      it: `Non è pensato per un lungo invecchiamento: meglio aprirlo ${end.by}, finché è fresco.`,
    },
    white_long: {
      en: `With age it gains depth, and notes of ${whiteAged} typically develop.`,
      de: `Mit zunehmender Reife gewinnt er an Tiefe, typischerweise entwickeln sich Noten von ${whiteAged}.`,
      fr: `Avec l'âge, il gagne en profondeur et développe généralement des accents ${whiteAged}.`,
      it: `Con l'età acquista profondità e sviluppa di norma sentori di ${whiteAged}.`,
    },
    sparkling_aged: {
      en: "With bottle age the mousse becomes finer and toasty, nutty notes can develop.",
      de: "Mit der Flaschenreife wird das Mousseux feiner, und es können sich röstige, nussige Noten entwickeln.",
      fr: "Avec le temps, la mousse s'affine et des accents grillés et de fruits secs peuvent se développer.",
      it: "Con l'affinamento in bottiglia il perlage si affina e possono svilupparsi sentori tostati e di frutta secca.",
    },
    sweet: {
      en: "With age the sweetness seems to recede, and notes of honey, dried fruit and caramel develop.",
      de: "Mit der Reife tritt die Süße scheinbar zurück, und Noten von Honig, getrockneten Früchten und Karamell entwickeln sich.",
      fr: "Avec l'âge, la douceur semble s'effacer et des arômes de miel, de fruits secs et de caramel se développent.",
      it: "Con l'età la dolcezza sembra attenuarsi e si sviluppano sentori di miele, frutta secca e caramello.",
    },
    port: {
      en: "Over decades in bottle it gains complexity, with dried fruit, spice and leather; it throws a sediment, so decant it before serving.",
      de: "Über Jahrzehnte in der Flasche gewinnt er an Komplexität mit Noten von getrockneten Früchten, Gewürzen und Leder; er bildet ein Depot und sollte daher dekantiert werden.",
      fr: "Au fil des décennies en bouteille, il gagne en complexité, sur les fruits secs, les épices et le cuir ; il forme un dépôt, d'où l'intérêt d'une carafe.",
      it: "In decenni di bottiglia acquista complessità, con sentori di frutta secca, spezie e cuoio; forma un deposito, quindi va decantato.",
    },
    fortified: {
      en: `Further cellaring adds little; it keeps well ${end.until}.`,
      de: `Weitere Lagerung bringt wenig hinzu; er hält sich gut ${end.until}.`,
      fr: `Une garde supplémentaire lui apporte peu ; il se conserve bien ${end.until}.`,
      it: `Un ulteriore invecchiamento aggiunge poco; si conserva bene ${end.until}.`,
    },
  };
  return texts[p][lang];
}

/** The window's end in two constructions: `by` ("by 2030") and `until` ("until about 2030"). */
interface WindowEnd {
  by: string;
  until: string;
}

function endOfWindow(f: WineFacts, lang: Language, to: number): WindowEnd {
  const n = Math.max(1, to);
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
    en: { by: `within ${years("en", n)} of release`, until: `for about ${years("en", n)} after release` },
    de: {
      by: `innerhalb ${years("de", n, true)} nach der Markteinführung`,
      until: `etwa ${years("de", n)} lang nach der Markteinführung`,
    },
    fr: {
      by: `dans les ${n === 1 ? "douze mois" : years("fr", n)} suivant sa mise sur le marché`,
      until: `pendant environ ${years("fr", n)} après sa mise sur le marché`,
    },
    it: {
      by: `entro ${years("it", n)} dall'uscita sul mercato`,
      until: `per circa ${years("it", n)} dall'uscita sul mercato`,
    },
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
    to <= 10
      ? {
          en: `Kept this way, it will hold and develop ${end.until}.`,
          de: `So gelagert, hält und entwickelt er sich ${end.until}.`,
          fr: `Ainsi conservé, il tiendra et évoluera ${end.until}.`,
          it: `Conservato così, tiene ed evolve ${end.until}.`,
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
 * release), `young`, `ripe`, `storage` (10–14 °C, ~70 % humidity, lying down, dark; matched to the
 * window's length; cellar conditions only for wines meant for ageing, see READY_STYLES). `f.vintage`
 * is replaced by the vintage the style may name (null for non-vintage wines; see wineStyle).
 * Deterministic.
 */
export function buildDrinkingPeriod(facts: WineFacts, lang: Language): DrinkingPeriodContent {
  const { from, to, rule, style } = classifyDrinkingWindow(facts);
  const f = style.vintage === facts.vintage ? facts : { ...facts, vintage: style.vintage };
  const p = profile(rule, to);
  const end = endOfWindow(f, lang, to);
  return {
    from,
    to,
    statement: capitalize(tidy(statement(f, lang, from, to))),
    young: capitalize(tidy(young(f, lang, p))),
    ripe: capitalize(tidy(ripe(f, lang, p, end))),
    storage: capitalize(tidy(storage(lang, rule, to, end))),
  };
}
