/**
 * Wine texts (description, long description, tasting notes, pairing) in de/en/fr/it, built only from
 * catalogue facts. Phrasings are chosen deterministically from the wine id so that wines of the same
 * grape and style read differently.
 */
import type { Language } from "../../../domain/vocabulary.ts";
import type { WineFacts, WineTexts } from "../content.types.ts";
import { capitalize, joinList, pick, tidy } from "./format.ts";
import { wineNoun } from "./grammar.ts";
import { APERITIF, FOODS } from "./i18n/foods.ts";
import { BODY, SUGAR } from "./i18n/style-words.ts";
import {
  acidityPhrase,
  alcoholPhrase,
  aromaList,
  finishPhrase,
  fromPlace,
  grapeNames,
  grapePhrase,
  inPlace,
  nameHasProducer,
  servingTemperature,
  suggestsDecanting,
  tanninPhrase,
  temperatureRange,
  typicalAromas,
  wineWithProducer,
} from "./wine-parts.ts";

/** Appends ", {appositive}" when the appositive is non-empty. */
function appo(text: string): string {
  return text ? `, ${text}` : "";
}

/** Sentence 1 of the description: what the wine is, who makes it, where from, from which grapes. */
function identity(f: WineFacts, lang: Language): string {
  const variant = pick([0, 1, 2], f.id, "identity");
  const place = fromPlace(f, lang, pick([0, 1], f.id, "place"));
  const grapes = appo(grapePhrase(f, lang));
  const own = nameHasProducer(f);
  const v = own ? 0 : variant;
  const p = f.producerName;
  switch (lang) {
    case "en": {
      const np = wineNoun("en", f, "nom");
      if (v === 1) return `${p} makes ${f.name}, ${np} ${place}${grapes}.`;
      if (v === 2) return `With ${f.name}, ${p} offers ${np} ${place}${grapes}.`;
      return `${wineWithProducer(f, lang)} is ${np} ${place}${grapes}.`;
    }
    case "de": {
      if (v === 1) return `${p} erzeugt mit ${f.name} ${wineNoun("de", f, "acc")} ${place}${grapes}.`;
      if (v === 2) return `Mit ${f.name} bietet ${p} ${wineNoun("de", f, "acc")} ${place}${grapes}.`;
      return `${wineWithProducer(f, lang)} ist ${wineNoun("de", f, "nom")} ${place}${grapes}.`;
    }
    case "fr": {
      const np = wineNoun("fr", f, "nom");
      if (v === 1) return `Signé ${p}, ${f.name} est ${np} ${place}${grapes}.`;
      if (v === 2) return `Avec ${f.name}, ${p} propose ${np} ${place}${grapes}.`;
      return `${wineWithProducer(f, lang)} est ${np} ${place}${grapes}.`;
    }
    case "it": {
      const np = wineNoun("it", f, "nom");
      if (v === 1) return `Firmato da ${p}, ${f.name} è ${np} ${place}${grapes}.`;
      if (v === 2) return `Con ${f.name}, ${p} propone ${np} ${place}${grapes}.`;
      return `${wineWithProducer(f, lang)} è ${np} ${place}${grapes}.`;
    }
  }
}

/** Structure sentence: acidity, tannins (reds) and alcohol. */
function structure(f: WineFacts, lang: Language): string {
  const acid = acidityPhrase(f, lang);
  const tannin = tanninPhrase(f, lang);
  const alcohol = alcoholPhrase(f, lang);
  const v = pick([0, 1], f.id, "structure");
  switch (lang) {
    case "en": {
      const parts = joinList("en", [acid, tannin ?? ""]);
      return v === 0
        ? `On the palate it shows ${parts}${alcohol ? `, at ${alcohol}` : ""}.`
        : `Expect ${joinList("en", [acid, tannin ?? "", alcohol ?? ""])}.`;
    }
    case "de": {
      const parts = joinList("de", [acid, tannin ?? ""]);
      return v === 0
        ? `Am Gaumen zeigt er sich mit ${parts}${alcohol ? ` bei ${alcohol}` : ""}.`
        : `Er überzeugt mit ${parts}${alcohol ? `; der Alkoholgehalt liegt bei ${alcohol.replace(" Alkohol", "")}` : ""}.`;
    }
    case "fr": {
      const parts = joinList("fr", [acid, tannin ?? ""]);
      return v === 0
        ? `En bouche, il offre ${parts}${alcohol ? `, pour ${alcohol}` : ""}.`
        : `Il se distingue par ${parts}${alcohol ? ` ; il titre ${alcohol.replace(" d'alcool", "")}` : ""}.`;
    }
    case "it": {
      const parts = joinList("it", [acid, tannin ?? ""]);
      const grad = alcohol ? alcohol.replace(" di alcol", "") : "";
      const del = /^(8|11)\b/.test(grad) ? "dell'" : "del ";
      return v === 0
        ? `Al palato offre ${parts}${grad ? `, con una gradazione alcolica ${del}${grad}` : ""}.`
        : `Si fa notare per ${parts}${grad ? `; la gradazione alcolica è ${del}${grad}` : ""}.`;
    }
  }
}

/** Vintage sentence. */
function vintageSentence(f: WineFacts, lang: Language): string {
  if (f.vintage === null) {
    return {
      en: "It is a non-vintage wine.",
      de: "Er wird ohne Jahrgangsangabe angeboten.",
      fr: "Il s'agit d'un vin non millésimé.",
      it: "È un vino senza indicazione di annata.",
    }[lang];
  }
  const y = f.vintage;
  return pick(
    [
      {
        en: `The most recent vintage listed is ${y}.`,
        de: `Der jüngste gelistete Jahrgang ist ${y}.`,
        fr: `Le millésime le plus récent référencé est ${y}.`,
        it: `L'annata più recente in catalogo è il ${y}.`,
      },
      {
        en: `The latest vintage available is ${y}.`,
        de: `Aktuell ist der Jahrgang ${y} gelistet.`,
        fr: `Dernier millésime disponible : ${y}.`,
        it: `L'ultima annata disponibile è il ${y}.`,
      },
    ],
    f.id,
    "vintage",
  )[lang];
}

/** The 2–3 sentence description. */
function description(f: WineFacts, lang: Language): string {
  return tidy(`${identity(f, lang)} ${structure(f, lang)} ${vintageSentence(f, lang)}`);
}

/** Sentence on typical aromas of the grapes (or of the style when the grapes are not in the table). */
function aromaSentence(f: WineFacts, lang: Language): string {
  const { ids, fromGrapes } = typicalAromas(f);
  const list = aromaList(ids, lang);
  const names = grapeNames(f, lang).slice(0, 3);
  const many = names.length > 1;
  const g = joinList(lang, names);
  if (!fromGrapes || names.length === 0) {
    return {
      en: `Wines of this style typically show aromas of ${list}.`,
      de: `Weine dieses Stils zeigen typischerweise Aromen von ${list}.`,
      fr: `Les vins de ce style offrent typiquement des arômes ${list}.`,
      it: `I vini di questo stile offrono tipicamente profumi di ${list}.`,
    }[lang];
  }
  const v = pick([0, 1], f.id, "aroma");
  switch (lang) {
    case "en":
      return v === 0
        ? `${g} typically ${many ? "bring" : "brings"} aromas of ${list}.`
        : `On the nose, expect the aromas typical of ${g}: ${list}.`;
    case "de":
      return v === 0
        ? `${many ? "Die Rebsorten" : "Die Rebsorte"} ${g} ${many ? "stehen" : "steht"} typischerweise für Aromen von ${list}.`
        : `In der Nase sind die für ${g} typischen Aromen von ${list} zu erwarten.`;
    case "fr":
      return v === 0
        ? `${many ? "Les cépages" : "Le cépage"} ${g} ${many ? "apportent" : "apporte"} typiquement des arômes ${list}.`
        : `Au nez, on peut attendre les arômes typiques ${many ? "des cépages" : "du cépage"} ${g} : ${joinList(
            "fr",
            ids.map((id) => aromaList([id], "fr").replace(/^(de |d')/, "")),
          )}.`;
    case "it":
      return v === 0
        ? `${many ? "I vitigni" : "Il vitigno"} ${g} ${many ? "portano" : "porta"} tipicamente profumi di ${list}.`
        : `Al naso sono attesi i profumi tipici ${many ? "dei vitigni" : "del vitigno"} ${g}: ${list}.`;
  }
}

/** Palate sentence: body, sweetness, acidity, tannins, alcohol, finish. */
function palateSentence(f: WineFacts, lang: Language): string {
  const body = BODY[f.body];
  const sugar = f.residualSugar ? SUGAR[f.residualSugar] : undefined;
  const tannin = tanninPhrase(f, lang);
  const alcohol = alcoholPhrase(f, lang);
  const finish = finishPhrase(f, lang);
  const acid = acidityPhrase(f, lang);
  switch (lang) {
    case "en": {
      const adj = joinList("en", [
        body.en,
        sugar ? (sugar.kind === "label" ? `${sugar.en} in style` : sugar.en) : "",
      ]);
      return `The palate is ${adj}, with ${joinList("en", [acid, tannin ?? "", alcohol ?? "", finish ?? ""])}.`;
    }
    case "de": {
      const adj = joinList("de", [
        body.de,
        sugar ? (sugar.kind === "label" ? `in der Geschmacksrichtung ${sugar.de}` : sugar.de) : "",
      ]);
      return `Am Gaumen ist er ${adj}, mit ${joinList("de", [acid, tannin ?? "", alcohol ? alcohol.replace(" Alkohol", " Alkoholgehalt") : "", finish ?? ""])}.`;
    }
    case "fr": {
      const adj = joinList("fr", [body.fr[0], sugar ? sugar.fr[0] : ""]);
      return `En bouche, il se montre ${adj}, avec ${joinList("fr", [acid, tannin ?? "", alcohol ? `${alcohol.replace(" d'alcool", "")} d'alcool` : "", finish ?? ""])}.`;
    }
    case "it": {
      const adj = joinList("it", [body.it[0], sugar ? sugar.it[0] : ""]);
      return `Al palato si presenta ${adj}, con ${joinList("it", [acid, tannin ?? "", alcohol ?? "", finish ?? ""])}.`;
    }
  }
}

/** Serving advice: temperature, decanting for tannic reds. */
function servingSentence(f: WineFacts, lang: Language): string {
  const t = temperatureRange(lang, servingTemperature(f));
  const decant = suggestsDecanting(f);
  return {
    en: `Serve it at ${t}${decant ? "; decanting it an hour before serving helps it open up" : ""}.`,
    de: `Am besten bei ${t} servieren${decant ? "; eine Stunde vorher dekantiert, kann er sich besser entfalten" : ""}.`,
    fr: `À servir entre ${t.replace(" à ", " et ")}${decant ? " ; une mise en carafe une heure avant le service l'aide à s'ouvrir" : ""}.`,
    it: `Va servito a ${t}${decant ? "; decantarlo un'ora prima del servizio lo aiuta ad aprirsi" : ""}.`,
  }[lang];
}

/** Food list in the pairing construction of the language (without "Aperitif"). */
function foodList(f: WineFacts, lang: Language): string {
  const items = f.foods
    .filter((food) => food !== "Aperitif" && FOODS[food])
    .map((food) => FOODS[food]?.[lang] ?? "");
  return joinList(lang, items);
}

/** Pairing text: foods naturally joined, the aperitif clause when listed, fallback when no food is listed. */
function pairing(f: WineFacts, lang: Language): string {
  const list = foodList(f, lang);
  const aperitif = f.foods.includes("Aperitif") ? ` ${APERITIF[lang]}` : "";
  if (!list) {
    const alone = {
      en: "Enjoy it on its own or with dishes of similar intensity.",
      de: "Er lässt sich pur genießen oder zu Gerichten ähnlicher Intensität reichen.",
      fr: "Il se déguste seul ou avec des plats d'intensité comparable.",
      it: "Si gusta da solo o con piatti di intensità simile.",
    }[lang];
    return tidy(`${alone}${aperitif}`);
  }
  const name = f.name;
  const lead = pick(
    [
      {
        en: `${name} pairs well with ${list}.`,
        de: `${name} passt zu ${list}.`,
        fr: `${name} s'accorde avec ${list}.`,
        it: `${name} si abbina bene con ${list}.`,
      },
      {
        en: `A good match for ${list}.`,
        de: `Ein guter Begleiter zu ${list}.`,
        fr: `Il accompagne volontiers ${list}.`,
        it: `Ideale con ${list}.`,
      },
      {
        en: `Serve it with ${list}.`,
        de: `Empfehlenswert zu ${list}.`,
        fr: `À servir avec ${list}.`,
        it: `Da servire con ${list}.`,
      },
    ],
    f.id,
    "pairing",
  )[lang];
  const t = temperatureRange(lang, servingTemperature(f));
  const temp = {
    en: ` Best served at ${t}.`,
    de: ` Ideale Trinktemperatur: ${t}.`,
    fr: ` Température de service idéale : ${t.replace(" à ", "–")}.`,
    it: ` Temperatura di servizio ideale: ${t}.`,
  }[lang];
  return tidy(`${lead}${aperitif}${temp}`);
}

/** Long description: producer and place, style, grapes and aromas, structure, serving, vintage. */
function descriptionLong(f: WineFacts, lang: Language): string {
  const where = inPlace(f, lang);
  const p = f.producerName;
  const own = nameHasProducer(f);
  const intro = {
    en: own ? `${f.name} is produced ${where}.` : `${p} produces ${f.name} ${where}.`,
    de: own ? `${f.name} wird ${where} erzeugt.` : `${p} erzeugt ${f.name} ${where}.`,
    fr: own ? `${f.name} est élaboré ${where}.` : `${p} élabore ${f.name} ${where}.`,
    it: own ? `${f.name} è prodotto ${where}.` : `${p} produce ${f.name} ${where}.`,
  }[lang];
  const grapes = grapePhrase(f, lang);
  const style = {
    en: `It is ${wineNoun("en", f, "nom")}${appo(grapes)}.`,
    de: `Es handelt sich um ${wineNoun("de", f, "acc")}${appo(grapes)}.`,
    fr: `C'est ${wineNoun("fr", f, "nom")}${appo(grapes)}.`,
    it: `Si tratta di ${wineNoun("it", f, "nom")}${appo(grapes)}.`,
  }[lang];
  const list = foodList(f, lang);
  const food = list
    ? {
        en: `At the table it suits ${list}.`,
        de: `Bei Tisch passt er zu ${list}.`,
        fr: `À table, il accompagne ${list}.`,
        it: `A tavola accompagna ${list}.`,
      }[lang]
    : "";
  return tidy(
    [
      intro,
      style,
      aromaSentence(f, lang),
      palateSentence(f, lang),
      servingSentence(f, lang),
      food,
      vintageSentence(f, lang),
    ].join(" "),
  );
}

/** Tasting notes: typical aromas (grape descriptors) and palate (body, sweetness, acidity, tannins, alcohol, finish). */
function tastingNotes(f: WineFacts, lang: Language): string {
  return tidy(`${aromaSentence(f, lang)} ${palateSentence(f, lang)}`);
}

/**
 * All texts of one wine in one language: `description` (2–3 sentences), `descriptionLong`
 * (a paragraph), `tastingNotes` (typical aromas + palate), `pairing` (foods, aperitif, serving temperature).
 * Deterministic for the same facts and language.
 */
export function buildWineTexts(f: WineFacts, lang: Language): WineTexts {
  return {
    description: capitalize(description(f, lang)),
    descriptionLong: capitalize(descriptionLong(f, lang)),
    tastingNotes: capitalize(tastingNotes(f, lang)),
    pairing: capitalize(pairing(f, lang)),
  };
}
