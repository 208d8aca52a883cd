/**
 * The youth and maturity sentences of the drinking-period texts (de/en/fr/it), grouped in profiles of
 * window rules that share the wording: tannic, supple and fresh reds, long-lived whites, aged sparkling,
 * sweet wines, vintage Port and other fortified wines (OCW "ageing", "bottle age", "tertiary aromas").
 */
import type { Language } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../content.types.ts";
import type { WindowRule } from "./drinking-window.ts";
import { type AromaId, FRUIT_AROMAS } from "./i18n/aromas.ts";
import { acidityPhrase, agedAromas, aromaList, typicalAromas } from "./wine-parts.ts";

/** Groups of window rules that share the youth/maturity wording. */
export type Profile =
  | "tannic"
  | "red"
  | "fresh"
  | "white_long"
  | "sparkling_aged"
  | "sweet"
  | "port"
  | "fortified";

/**
 * The youth/maturity profile of a wine from its window rule and the window's last year `to` (years after
 * the vintage): reds by length (≥ 12 tannic, ≥ 5 red, else fresh), whites ≥ 8 long-lived.
 */
export function profile(rule: WindowRule, to: number): Profile {
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

/** The window's end in two constructions: `by` ("by 2030") and `until` ("until about 2030"). */
export interface WindowEnd {
  by: string;
  until: string;
}

function two(ids: AromaId[], fallback: AromaId[]): AromaId[] {
  const list = ids.length > 0 ? ids : fallback;
  return list.slice(0, 2);
}

/**
 * The wine young, in one language: a sentence plan of the profile chosen by the wine id, filled with
 * its typical fruit (at most two aromas) and acidity.
 */
export function young(f: WineFacts, lang: Language, p: Profile): string {
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

/**
 * The wine mature, in one language: a sentence plan of the profile chosen by the wine id, filled with
 * its aged (tertiary) aromas and the window's end.
 */
export function ripe(f: WineFacts, lang: Language, p: Profile, end: WindowEnd): string {
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
