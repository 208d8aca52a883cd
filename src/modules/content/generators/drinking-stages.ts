/**
 * The youth sentences of the drinking-period texts (maturity: drinking-maturity.ts) (de/en/fr/it), grouped in profiles of
 * window rules that share the wording: tannic, supple and fresh reds, long-lived whites, aged sparkling,
 * sweet wines, vintage Port and other fortified wines (OCW "ageing", "bottle age", "tertiary aromas").
 */
import type { Language, Localized } from "../../../domain/vocabulary.ts";
import { type AromaId, FRUIT_AROMAS } from "../../../domain/wine/aromas.ts";
import type { WindowRule } from "../../../domain/wine/drinking-window.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import { pick } from "./format.ts";
import { acidityPhrase, aromaList, typicalAromas } from "./wine-parts.ts";

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

function two(ids: AromaId[], fallback: AromaId[]): AromaId[] {
  const list = ids.length > 0 ? ids : fallback;
  return list.slice(0, 2);
}

/**
 * The wine young, in one language: one of three sentence plans of the profile, chosen by the wine id,
 * filled with its typical fruit (at most two aromas) and acidity.
 */
export function young(f: WineFacts, lang: Language, p: Profile): string {
  const typical = typicalAromas(f).ids;
  const fruits = typical.filter((id) => FRUIT_AROMAS.has(id));
  const fruit = aromaList(two(fruits.length > 0 ? fruits : typical, ["redFruit"]), lang);
  const acid = acidityPhrase(f, lang);
  const plans: Record<Profile, Localized[]> = {
    tannic: [
      {
        en: `When young it is firmly structured, with primary fruit such as ${fruit} to the fore and tannins that still grip; decanting helps.`,
        de: `In der Jugend ist er straff strukturiert: Primärfrucht mit Noten von ${fruit} steht im Vordergrund, die Tannine wirken noch fest und fordernd; Dekantieren hilft.`,
        fr: `Jeune, il se montre structuré, dominé par un fruit primaire aux accents ${fruit}, avec des tanins encore serrés ; une mise en carafe lui est bénéfique.`,
        it: `Da giovane è ben strutturato, con il frutto primario (${fruit}) in primo piano e tannini ancora serrati; conviene decantarlo.`,
      },
      {
        en: `Young, it is dense and tight-knit, with notes of ${fruit}; its tannins still need time, so give it air before serving.`,
        de: `Jung wirkt er dicht und verschlossen, mit Noten von ${fruit}; seine Tannine brauchen noch Zeit, daher sollte er vor dem Servieren Luft bekommen.`,
        fr: `Dans sa jeunesse, il est dense et serré, avec des arômes ${fruit} et des tanins qui demandent encore du temps ; une aération avant le service lui fait du bien.`,
        it: `In gioventù è denso e compatto, con sentori di ${fruit}; i tannini chiedono ancora tempo, perciò è bene arieggiarlo prima del servizio.`,
      },
      {
        en: `In its first years the primary fruit (${fruit}) dominates and the tannins remain assertive; decanting it an hour before serving helps.`,
        de: `In den ersten Jahren dominiert die Primärfrucht mit Noten von ${fruit}, und die Tannine sind noch kräftig; eine Stunde vor dem Servieren dekantiert, zeigt er sich offener.`,
        fr: `Dans ses premières années, le fruit primaire aux accents ${fruit} domine et les tanins restent fermes ; le carafer une heure avant le service l'aide à s'exprimer.`,
        it: `Nei primi anni domina il frutto primario (${fruit}) e i tannini restano decisi; decantarlo un'ora prima del servizio aiuta.`,
      },
    ],
    red: [
      {
        en: `Young, it is fruity and supple, led by ${fruit}.`,
        de: `Jung zeigt er sich fruchtig und geschmeidig, geprägt von ${fruit}.`,
        fr: `Jeune, il est fruité et souple, porté par des arômes ${fruit}.`,
        it: `Da giovane è fruttato e morbido, guidato da sentori di ${fruit}.`,
      },
      {
        en: `In its first years it shows generous fruit, with ${fruit} to the fore, and supple tannins.`,
        de: `In den ersten Jahren zeigt er saftige Frucht mit Noten von ${fruit} und geschmeidige Tannine.`,
        fr: `Dans ses premières années, il offre un fruit généreux aux accents ${fruit} et des tanins souples.`,
        it: `Nei primi anni offre un frutto generoso, con sentori di ${fruit}, e tannini morbidi.`,
      },
      {
        en: `Drunk young, it is all about fruit, with ${fruit} and a smooth, easy texture.`,
        de: `Wer ihn jung trinkt, findet vor allem Frucht: Noten von ${fruit}, dazu eine weiche, zugängliche Textur.`,
        fr: `Dans sa prime jeunesse, il joue avant tout sur le fruit, avec des arômes ${fruit} et une texture souple et gourmande.`,
        it: `Bevuto giovane, punta tutto sul frutto, con sentori di ${fruit} e una trama morbida e piacevole.`,
      },
    ],
    fresh: [
      {
        en: `It is at its best young, when its fresh fruit (${fruit}) and ${acid} are most vivid.`,
        de: `Am schönsten ist er jung, wenn die frische Frucht mit Noten von ${fruit} und die Säure am lebendigsten sind.`,
        fr: `C'est dans sa jeunesse qu'il est le plus séduisant, quand son fruit frais aux accents ${fruit} et son acidité sont les plus éclatants.`,
        it: `Dà il meglio di sé da giovane, quando il frutto fresco (${fruit}) e l'acidità sono più vivaci.`,
      },
      {
        en: `Drink it young to enjoy its vivid fruit (${fruit}) and ${acid}.`,
        de: `Man trinkt ihn am besten jung, solange seine Frucht mit Noten von ${fruit} noch lebendig ist.`,
        fr: `Il se boit de préférence jeune, pour profiter de la fraîcheur de son fruit aux accents ${fruit}.`,
        it: `Va bevuto giovane, per goderne il frutto vivace (${fruit}) e la freschezza.`,
      },
      {
        en: `Its appeal lies in its youth: bright fruit such as ${fruit}, carried by ${acid}.`,
        de: `Sein Reiz liegt in der Jugend: klare Frucht mit Noten von ${fruit}, getragen von ${acid}.`,
        fr: `Tout son charme tient à sa jeunesse : un fruit net aux accents ${fruit}, porté par ${acid}.`,
        it: `Il suo fascino sta nella giovinezza: frutto nitido (${fruit}) sostenuto da ${acid}.`,
      },
    ],
    white_long: [
      {
        en: `Young, it is taut and fresh, driven by ${acid} and aromas of ${fruit}.`,
        de: `Jung wirkt er straff und frisch, getragen von ${acid} und Aromen von ${fruit}.`,
        fr: `Jeune, il est tendu et frais, porté par ${acid} et des arômes ${fruit}.`,
        it: `Da giovane è teso e fresco, sostenuto da ${acid} e da profumi di ${fruit}.`,
      },
      {
        en: `In its first years it is tight and focused, with ${acid} and aromas of ${fruit}.`,
        de: `In den ersten Jahren ist er straff und präzise, mit ${acid} und Aromen von ${fruit}.`,
        fr: `Dans ses premières années, il se montre tendu et précis, avec ${acid} et des arômes ${fruit}.`,
        it: `Nei primi anni è teso e preciso, con ${acid} e profumi di ${fruit}.`,
      },
      {
        en: `Opened early, it shows freshness above all, with ${acid} and notes of ${fruit}.`,
        de: `Früh geöffnet zeigt er vor allem Frische, mit ${acid} und Noten von ${fruit}.`,
        fr: `Ouvert tôt, il montre surtout de la fraîcheur, avec ${acid} et des touches ${fruit}.`,
        it: `Aperto presto, mostra soprattutto freschezza, con ${acid} e sentori di ${fruit}.`,
      },
    ],
    sparkling_aged: [
      {
        en: `Young, it shows a lively mousse and crisp fruit such as ${fruit}.`,
        de: `Jung zeigt er ein lebhaftes Mousseux und knackige Frucht mit Noten von ${fruit}.`,
        fr: `Jeune, il offre une mousse vive et un fruit croquant aux accents ${fruit}.`,
        it: `Da giovane offre un perlage vivace e un frutto croccante (${fruit}).`,
      },
      {
        en: `On release it is lively and crisp, with notes of ${fruit}.`,
        de: `Kurz nach der Markteinführung wirkt er lebhaft und knackig, mit Noten von ${fruit}.`,
        fr: `À sa sortie, il est vif et croquant, avec des accents ${fruit}.`,
        it: `All'uscita è vivace e croccante, con sentori di ${fruit}.`,
      },
      {
        en: `In its first years the bubbles are brisk and the fruit (${fruit}) is fresh.`,
        de: `In den ersten Jahren ist das Mousseux lebhaft und die Frucht mit Noten von ${fruit} frisch.`,
        fr: `Dans ses premières années, la bulle est vive et le fruit aux accents ${fruit} reste frais.`,
        it: `Nei primi anni il perlage è vivace e il frutto (${fruit}) fresco.`,
      },
    ],
    sweet: [
      {
        en: `Young, it is intensely sweet and fruity, with ${fruit}, kept lively by its acidity.`,
        de: `Jung ist er intensiv süß und fruchtig mit Noten von ${fruit}, von der Säure lebendig gehalten.`,
        fr: `Jeune, il est intensément doux et fruité, aux accents ${fruit}, et son acidité lui garde de la vivacité.`,
        it: `Da giovane è intensamente dolce e fruttato, con sentori di ${fruit}, reso vivace dall'acidità.`,
      },
      {
        en: `In its youth the sweetness and fruit (${fruit}) are to the fore, balanced by acidity.`,
        de: `In der Jugend stehen Süße und Frucht mit Noten von ${fruit} im Vordergrund, die Säure sorgt für Balance.`,
        fr: `Dans sa jeunesse, la douceur et le fruit aux accents ${fruit} dominent, équilibrés par l'acidité.`,
        it: `In gioventù dominano la dolcezza e il frutto (${fruit}), bilanciati dall'acidità.`,
      },
      {
        en: `Drunk young, it offers luscious fruit, with ${fruit}, and a fresh acidity that keeps the sweetness in check.`,
        de: `Jung bietet er üppige Frucht mit Noten von ${fruit}, während die Säure die Süße im Zaum hält.`,
        fr: `Dans ses jeunes années, il offre un fruit opulent aux accents ${fruit}, et une acidité fraîche tient la douceur en respect.`,
        it: `Bevuto giovane offre un frutto opulento (${fruit}), con un'acidità fresca che tiene a freno la dolcezza.`,
      },
    ],
    port: [
      {
        en: "Young, it is dense, sweet and powerful, with concentrated dark fruit and firm tannins.",
        de: "Jung ist er dicht, süß und kraftvoll, mit konzentrierter dunkler Frucht und festen Tanninen.",
        fr: "Jeune, il est dense, doux et puissant, avec un fruit noir concentré et des tanins fermes.",
        it: "Da giovane è denso, dolce e potente, con frutto scuro concentrato e tannini decisi.",
      },
      {
        en: "In its first years it is opaque and powerful, with sweet, concentrated black fruit and firm tannins.",
        de: "In den ersten Jahren ist er sehr dunkel und kraftvoll, mit süßer, konzentrierter schwarzer Frucht und festen Tanninen.",
        fr: "Dans ses premières années, il est sombre et puissant, avec un fruit noir sucré et concentré et des tanins fermes.",
        it: "Nei primi anni è scuro e potente, con frutto nero dolce e concentrato e tannini decisi.",
      },
      {
        en: "Opened young, it shows raw power: sweet black fruit and tannins that still dominate.",
        de: "Jung geöffnet zeigt er rohe Kraft: süße schwarze Frucht und Tannine, die noch dominieren.",
        fr: "Ouvert jeune, il montre une puissance brute : un fruit noir sucré et des tanins encore dominants.",
        it: "Aperto giovane mostra una potenza ancora grezza: frutto nero dolce e tannini dominanti.",
      },
    ],
    fortified: [
      {
        en: "Aged by the producer before release, it is ready to drink as soon as it is sold.",
        de: "Da er vor der Freigabe beim Erzeuger reift, ist er bei Markteinführung trinkreif.",
        fr: "Élevé par le producteur avant sa commercialisation, il est prêt à boire dès sa mise en vente.",
        it: "Affinato dal produttore prima della messa in commercio, è pronto da bere già all'uscita sul mercato.",
      },
      {
        en: "The producer ages it before release, so it is ready to drink when bought.",
        de: "Der Erzeuger lässt ihn vor dem Verkauf reifen; er ist daher beim Kauf trinkreif.",
        fr: "Le producteur l'affine en cave avant la vente : il est donc prêt à boire dès l'achat.",
        it: "Il produttore lo affina prima della vendita, perciò è pronto da bere al momento dell'acquisto.",
      },
      {
        en: "It leaves the producer's cellar ready to drink.",
        de: "Er verlässt den Keller des Erzeugers trinkreif.",
        fr: "Il quitte les chais du producteur prêt à boire.",
        it: "Lascia la cantina del produttore già pronto da bere.",
      },
    ],
  };
  return pick(plans[p], f.id, "young")[lang];
}
