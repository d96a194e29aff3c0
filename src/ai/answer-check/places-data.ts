// The names of countries and of cities with their country and state, read from two kept data
// sets rather than typed here: npm `world-countries` (each country's common, official and other
// English names, its names in other languages and its demonyms) and npm `city-timezones` (7,300
// cities of Natural Earth with their country and province). Parsed on first use only: this module
// is required by places.ts when the checker first meets a place, so a quiet server never holds it
// (docs/decisions.md "Judging like a quizmaster, part three").
import { readFileSync } from "node:fs";
import { fold } from "./normalize";

type CountryRecord = {
  cca2: string;
  name: { common: string; official: string };
  altSpellings: string[];
  translations: Record<string, { common: string }>;
  demonyms?: { eng?: { f: string; m: string } };
};
type CityRecord = { city: string; city_ascii: string; iso2: string; province: string; pop: number };

/** Where a city lies: its country's ISO code and its province or state (as a place key). */
export type Site = { country: string; province: string; population: number };

/** A place's name as lookups see it: folded, apostrophes joined, other marks as spaces ("Côte d'Ivoire" -> "cote divoire"). */
export const placeKey = (name: string) => fold(name).replace(/['’]/g, "").replace(/[^\p{L}\d]+/gu, " ").trim();
const spell = placeKey;

// Languages written in Latin letters, whose names of a country a player may type ("Katar", "España").
const LATIN_LANGUAGES = ["ces", "deu", "est", "fin", "fra", "hrv", "hun", "ita", "nld", "pol", "por", "slk", "spa", "swe", "tur"];
// A long form's lead words, dropped to give the short name the data leaves out ("Republic of Turkey").
const LONG_FORM = /^(?:republic|kingdom|state|commonwealth|principality|sultanate|grand duchy) of (?:the )?/i;
// The nations of the United Kingdom, which ISO 3166 (and so the data) does not list as countries.
const UK_NATIONS: [name: string, demonym: string][] = [["England", "English"], ["Scotland", "Scottish"], ["Wales", "Welsh"], ["Northern Ireland", "Northern Irish"]];

const records = (file: string) => JSON.parse(readFileSync(require.resolve(file), "utf8"));

/** Each name in canonical spelling to its ISO code; a name two countries share at the same rank names neither. */
function nameIndex(countries: CountryRecord[], tiers: ((country: CountryRecord) => string[])[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const names of tiers) {
    const tier = new Map<string, string | null>();
    for (const country of countries) {
      for (const name of names(country).map(spell)) {
        if (name === "" || index.has(name)) continue;
        const claimed = tier.get(name);
        tier.set(name, claimed === undefined || claimed === country.cca2 ? country.cca2 : null);
      }
    }
    for (const [name, code] of tier) if (code !== null) index.set(name, code);
  }
  return index;
}

const latin = (name: string) => /^[\p{Script=Latin}\s'’.,()-]+$/u.test(name);
const countries: CountryRecord[] = records("world-countries/countries.json");
// An other name that is some language's name of a country ("Island", German for Iceland) is no English name.
const TRANSLATED = new Set(countries.flatMap((country) => Object.values(country.translations).map((translation) => translation.common)));
const isForeign = (name: string) => TRANSLATED.has(name);
const english = (country: CountryRecord) => [country.name.official, ...country.altSpellings.filter((name) => name !== country.cca2 && latin(name) && !isForeign(name))];
const shortForms = (country: CountryRecord) => english(country).filter((name) => LONG_FORM.test(name)).map((name) => name.replace(LONG_FORM, ""));

/** English names of countries, best known first: what an answer or a guess's "..., France" may say. */
export const ENGLISH_NAMES = nameIndex(countries, [(country) => [country.name.common], english]);
/** England, Scotland, Wales, Northern Ireland: the data places cities in the UK, not in one of these. */
export const UK_NATION_NAMES = new Set(UK_NATIONS.map(([nation]) => spell(nation)));
for (const nation of UK_NATION_NAMES) ENGLISH_NAMES.set(nation, "GB");
// A short form inside another country's name is that country's too ("Korea", "Congo"): not a name of one.
const OWNERS_OF_RUN = new Map<string, Set<string>>();
for (const [name, code] of ENGLISH_NAMES) {
  const words = name.split(" ");
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= words.length; end++) {
      const run = words.slice(start, end).join(" ");
      OWNERS_OF_RUN.set(run, (OWNERS_OF_RUN.get(run) ?? new Set()).add(code));
    }
  }
}
const insideOther = (name: string, code: string) => [...(OWNERS_OF_RUN.get(name) ?? [])].some((owner) => owner !== code);
for (const [name, code] of nameIndex(countries, [shortForms])) if (!ENGLISH_NAMES.has(name) && !insideOther(name, code)) ENGLISH_NAMES.set(name, code);

/** The cities of each name, and the provinces and states of each name with their country. */
export const CITIES = new Map<string, Site[]>();
export const PROVINCES = new Map<string, string[]>();
for (const record of records("city-timezones/data/cityMap.json") as CityRecord[]) {
  const site = { country: record.iso2, province: spell(record.province), population: record.pop };
  for (const name of new Set([spell(record.city), spell(record.city_ascii)])) CITIES.set(name, [...(CITIES.get(name) ?? []), site]);
  const countriesOfProvince = PROVINCES.get(site.province) ?? [];
  if (site.province !== "" && !countriesOfProvince.includes(site.country)) PROVINCES.set(site.province, [...countriesOfProvince, site.country]);
}
for (const sites of CITIES.values()) sites.sort((a, b) => b.population - a.population);

/** Names in other languages, which a guess may use but which never name an answer ("Island" is Iceland in German). */
const FOREIGN_NAMES = nameIndex(countries, [
  (country) => [country.name.common],
  english,
  (country) => [
    ...LATIN_LANGUAGES.map((language) => country.translations[language]?.common ?? "").filter(latin),
    ...country.altSpellings.filter((name) => latin(name) && isForeign(name)),
  ],
]);
// A name in another language that is also a city's names the city for an English speaker:
// "Granada" is Grenada in Spanish, "Salvador" El Salvador in French.
for (const name of FOREIGN_NAMES.keys()) if (ENGLISH_NAMES.has(name) || CITIES.has(name)) FOREIGN_NAMES.delete(name);

/** Every name of each country, in English and in other languages. */
export const NAMES_OF = new Map<string, { english: string[]; foreign: string[] }>();
for (const [names, language] of [[ENGLISH_NAMES, "english"], [FOREIGN_NAMES, "foreign"]] as const) {
  for (const [name, code] of names) {
    const known = NAMES_OF.get(code) ?? { english: [], foreign: [] };
    known[language].push(name);
    NAMES_OF.set(code, known);
  }
}

/** "French", "Egyptian", "Scottish": a question saying which country without naming it. */
export const DEMONYMS = new Map<string, string>();
for (const country of countries) for (const demonym of Object.values(country.demonyms?.eng ?? {})) DEMONYMS.set(spell(demonym), country.cca2);
for (const [, demonym] of UK_NATIONS) DEMONYMS.set(spell(demonym), "GB");

