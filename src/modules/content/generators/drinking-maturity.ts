/**
 * The maturity sentences of the drinking-period texts (de/en/fr/it), by the profiles of
 * drinking-stages.ts: how the wine develops with bottle age and until when to open it (OCW "ageing",
 * "bottle age", "tertiary aromas").
 */
import type { Language, Localized } from "../../../domain/vocabulary.ts";
import type { AromaId } from "../../../domain/wine/aromas.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import type { Profile } from "./drinking-stages.ts";
import { pick } from "./format.ts";
import { agedAromas, aromaList } from "./wine-parts.ts";

/** The window's end in two constructions: `by` ("by 2030") and `until` ("until about 2030"). */
export interface WindowEnd {
  by: string;
  until: string;
}

/**
 * The wine mature, in one language: one of three sentence plans of the profile, chosen by the wine id,
 * filled with its aged (tertiary) aromas and the window's end.
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
  const plans: Record<Profile, Localized[]> = {
    tannic: [
      {
        en: `With bottle age the tannins soften and tertiary aromas such as ${tertiary} typically emerge.`,
        de: `Mit der Flaschenreife werden die Tannine weicher, und typischerweise treten tertiäre Aromen von ${tertiary} hervor.`,
        fr: `Avec la garde, les tanins s'assouplissent et des arômes tertiaires ${tertiary} apparaissent généralement.`,
        it: `Con l'affinamento in bottiglia i tannini si ammorbidiscono e compaiono di norma sentori terziari di ${tertiary}.`,
      },
      {
        en: `Given time in the cellar, it becomes smoother and more complex, developing notes of ${tertiary}.`,
        de: `Mit den Jahren im Keller wird er runder und komplexer und entwickelt Noten von ${tertiary}.`,
        fr: `Avec les années de cave, il gagne en harmonie et en complexité et développe des nuances ${tertiary}.`,
        it: `Con gli anni in cantina diventa più armonico e complesso, con sentori di ${tertiary}.`,
      },
      {
        en: `Mature, it shows softer tannins and a more complex bouquet, with ${tertiary}.`,
        de: `Gereift zeigt er weichere Tannine und ein komplexes Bukett mit Noten von ${tertiary}.`,
        fr: `À maturité, il présente des tanins fondus et un bouquet complexe aux nuances ${tertiary}.`,
        it: `Giunto a maturità, presenta tannini levigati e un bouquet complesso, con sentori di ${tertiary}.`,
      },
    ],
    red: [
      {
        en: `After a few years the fruit mellows and hints of ${tertiary} can appear; it is best opened ${end.by}.`,
        de: `Nach einigen Jahren wird die Frucht milder und es können sich Noten von ${tertiary} zeigen; er sollte ${end.by} geöffnet werden.`,
        fr: `Après quelques années, le fruit s'arrondit et des touches ${tertiary} peuvent apparaître ; à ouvrir ${end.by}.`,
        it: `Dopo qualche anno il frutto si fa più morbido e possono emergere sentori di ${tertiary}; va aperto ${end.by}.`,
      },
      {
        en: `Over the next few years it softens and can take on notes of ${tertiary}; open it ${end.by}.`,
        de: `In den kommenden Jahren wird er weicher und kann Noten von ${tertiary} annehmen; öffnen sollte man ihn ${end.by}.`,
        fr: `Dans les années qui viennent, il s'assouplit et peut prendre des nuances ${tertiary} ; à ouvrir ${end.by}.`,
        it: `Nei prossimi anni si ammorbidisce e può acquisire sentori di ${tertiary}; da aprire ${end.by}.`,
      },
      {
        en: `A short spell in the cellar rounds it off, bringing hints of ${tertiary}; drink it ${end.by}.`,
        de: `Eine kurze Lagerung rundet ihn ab und bringt Anklänge von ${tertiary}; trinken sollte man ihn ${end.by}.`,
        fr: `Un court séjour en cave l'arrondit et lui apporte des touches ${tertiary} ; à boire ${end.by}.`,
        it: `Un breve periodo in cantina lo arrotonda e porta sentori di ${tertiary}; da bere ${end.by}.`,
      },
    ],
    fresh: [
      {
        en: `It is not made for long ageing and is best opened ${end.by}, while it is still fresh.`,
        de: `Er ist nicht für eine lange Lagerung gemacht und sollte ${end.by} geöffnet werden, solange er frisch ist.`,
        fr: `Il n'est pas destiné à une longue garde : mieux vaut l'ouvrir ${end.by}, tant qu'il est frais.`,
        it: `Non è pensato per un lungo invecchiamento: meglio aprirlo ${end.by}, finché è fresco.`,
      },
      {
        en: `Ageing will not improve it; drink it ${end.by}, while the fruit is still bright.`,
        de: `Längere Lagerung verbessert ihn nicht; er sollte ${end.by} getrunken werden, solange die Frucht lebendig ist.`,
        fr: `La garde ne l'améliore pas : à boire ${end.by}, tant que le fruit est éclatant.`,
        it: `L'invecchiamento non lo migliora: va bevuto ${end.by}, finché il frutto è vivo.`,
      },
      {
        en: `It gains nothing from cellaring and is best drunk ${end.by}.`,
        de: `Im Keller gewinnt er nichts hinzu; am besten trinkt man ihn ${end.by}.`,
        fr: `Il ne gagne rien à vieillir en cave et se boit de préférence ${end.by}.`,
        it: `Un lungo affinamento in cantina non gli giova: va bevuto preferibilmente ${end.by}.`,
      },
    ],
    white_long: [
      {
        en: `With age it gains depth, and notes of ${whiteAged} typically develop.`,
        de: `Mit zunehmender Reife gewinnt er an Tiefe, typischerweise entwickeln sich Noten von ${whiteAged}.`,
        fr: `Avec l'âge, il gagne en profondeur et développe généralement des accents ${whiteAged}.`,
        it: `Con l'età acquista profondità e sviluppa di norma sentori di ${whiteAged}.`,
      },
      {
        en: `After some years in bottle it becomes rounder and more complex, with notes of ${whiteAged}.`,
        de: `Nach einigen Jahren in der Flasche wird er runder und komplexer, mit Noten von ${whiteAged}.`,
        fr: `Après quelques années en bouteille, il s'arrondit et se complexifie, sur des nuances ${whiteAged}.`,
        it: `Dopo qualche anno in bottiglia diventa più rotondo e complesso, con sentori di ${whiteAged}.`,
      },
      {
        en: `Bottle age broadens its texture and brings out notes of ${whiteAged}.`,
        de: `Die Flaschenreife verleiht ihm mehr Fülle und bringt Noten von ${whiteAged} hervor.`,
        fr: `Le vieillissement en bouteille lui donne de l'ampleur et fait ressortir des arômes ${whiteAged}.`,
        it: `L'affinamento in bottiglia gli dona ampiezza e fa emergere sentori di ${whiteAged}.`,
      },
    ],
    sparkling_aged: [
      {
        en: "With bottle age the mousse becomes finer and toasty, nutty notes can develop.",
        de: "Mit der Flaschenreife wird das Mousseux feiner, und es können sich röstige, nussige Noten entwickeln.",
        fr: "Avec le temps, la mousse s'affine et des accents grillés et de fruits secs peuvent se développer.",
        it: "Con l'affinamento in bottiglia il perlage si affina e possono svilupparsi sentori tostati e di frutta secca.",
      },
      {
        en: "Kept for a few years, it gains finesse, with a creamier mousse and notes of toast and nuts.",
        de: "Nach einigen Jahren Lagerung gewinnt er an Feinheit: Das Mousseux wird weicher, und Noten von Toast und Nüssen kommen hinzu.",
        fr: "Après quelques années de garde, il gagne en finesse, avec une mousse plus crémeuse et des arômes de pain grillé et de noisette.",
        it: "Dopo qualche anno di cantina guadagna in finezza, con un perlage più cremoso e sentori di pane tostato e nocciola.",
      },
      {
        en: "Time in bottle brings complexity: the bubbles soften and notes of pastry and honey develop.",
        de: "Mit der Zeit in der Flasche wird er komplexer: Das Mousseux wird sanfter, und Noten von Gebäck und Honig entwickeln sich.",
        fr: "Le temps en bouteille lui apporte de la complexité : la bulle s'adoucit et des arômes de pâtisserie et de miel se développent.",
        it: "Il tempo in bottiglia gli dona complessità: il perlage si addolcisce e si sviluppano sentori di pasticceria e miele.",
      },
    ],
    sweet: [
      {
        en: "With age the sweetness seems to recede, and notes of honey, dried fruit and caramel develop.",
        de: "Mit der Reife tritt die Süße scheinbar zurück, und Noten von Honig, getrockneten Früchten und Karamell entwickeln sich.",
        fr: "Avec l'âge, la douceur semble s'effacer et des arômes de miel, de fruits secs et de caramel se développent.",
        it: "Con l'età la dolcezza sembra attenuarsi e si sviluppano sentori di miele, frutta secca e caramello.",
      },
      {
        en: "Over the years its colour deepens and notes of dried fruit, spice and nuts develop, while the sweetness integrates.",
        de: "Über die Jahre vertieft sich seine Farbe, es entwickeln sich Noten von Trockenfrüchten, Gewürzen und Nüssen, und die Süße bindet sich ein.",
        fr: "Au fil des ans, sa robe se fonce, des arômes de fruits secs, d'épices et de noix apparaissent et la douceur se fond.",
        it: "Con gli anni il colore si intensifica, compaiono sentori di frutta secca, spezie e noci e la dolcezza si integra.",
      },
      {
        en: "Kept in the cellar, it gains complexity and the sweetness comes across as less pronounced, with hints of caramel and candied fruit.",
        de: "Im Keller gewinnt er an Komplexität, die Süße wirkt weniger ausgeprägt, und Anklänge von Karamell und kandierten Früchten kommen hinzu.",
        fr: "En cave, il gagne en complexité et sa douceur paraît moins marquée, avec des touches de caramel et de fruits confits.",
        it: "In cantina acquista complessità e la dolcezza appare meno marcata, con cenni di caramello e frutta candita.",
      },
    ],
    port: [
      {
        en: "Over decades in bottle it gains complexity, with dried fruit, spice and leather; it throws a sediment, so decant it before serving.",
        de: "Über Jahrzehnte in der Flasche gewinnt er an Komplexität mit Noten von getrockneten Früchten, Gewürzen und Leder; er bildet ein Depot und sollte daher dekantiert werden.",
        fr: "Au fil des décennies en bouteille, il gagne en complexité, sur les fruits secs, les épices et le cuir ; il forme un dépôt, d'où l'intérêt d'une carafe.",
        it: "In decenni di bottiglia acquista complessità, con sentori di frutta secca, spezie e cuoio; forma un deposito, quindi va decantato.",
      },
      {
        en: "It is built for decades: slowly the tannins soften and notes of dried fruit, spice and cedar appear; decant it, as it throws a sediment.",
        de: "Er ist für Jahrzehnte gebaut: Langsam werden die Tannine weicher, Noten von Trockenfrüchten, Gewürzen und Zedernholz treten hervor; da er ein Depot bildet, sollte er dekantiert werden.",
        fr: "Il est bâti pour des décennies : les tanins se fondent lentement et des nuances de fruits secs, d'épices et de cèdre apparaissent ; comme il forme un dépôt, mieux vaut le passer en carafe.",
        it: "È fatto per durare decenni: i tannini si ammorbidiscono lentamente e compaiono sentori di frutta secca, spezie e cedro; poiché forma un deposito, va decantato.",
      },
      {
        en: "With long bottle age it becomes mellow and complex, with notes of fig, spice and leather; decant it off its sediment before serving.",
        de: "Mit langer Flaschenreife wird er mild und vielschichtig, mit Noten von Feige, Gewürzen und Leder; vor dem Servieren sollte er vom Depot abgegossen werden.",
        fr: "Une longue garde en bouteille le rend harmonieux et complexe, sur la figue, les épices et le cuir ; à décanter avant le service pour le séparer de son dépôt.",
        it: "Con un lungo affinamento in bottiglia diventa armonico e complesso, con sentori di fico, spezie e cuoio; va decantato per separarlo dal deposito.",
      },
    ],
    fortified: [
      {
        en: `Further cellaring adds little; it keeps well ${end.until}.`,
        de: `Weitere Lagerung bringt wenig hinzu; er hält sich gut ${end.until}.`,
        fr: `Une garde supplémentaire lui apporte peu ; il se conserve bien ${end.until}.`,
        it: `Un ulteriore invecchiamento aggiunge poco; si conserva bene ${end.until}.`,
      },
      {
        en: `It will not improve further, but keeps well ${end.until}.`,
        de: `Besser wird er nicht mehr, hält sich aber gut ${end.until}.`,
        fr: `Il ne s'améliorera plus, mais se conserve bien ${end.until}.`,
        it: `Non migliora ulteriormente, ma si conserva bene ${end.until}.`,
      },
      {
        en: `It needs no further ageing and stays in good condition ${end.until}.`,
        de: `Eine weitere Reifung braucht er nicht; er bleibt ${end.until} in gutem Zustand.`,
        fr: `Il n'a pas besoin de vieillir davantage et reste en bonne forme ${end.until}.`,
        it: `Non ha bisogno di ulteriore affinamento e resta in buona forma ${end.until}.`,
      },
    ],
  };
  return pick(plans[p], f.id, "ripe")[lang];
}
