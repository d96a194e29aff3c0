// Questions the checker asks of the place data (places-data.ts), which is required here on first
// use: a server that judges nothing never parses it (docs/decisions.md "Judging like a quizmaster,
// part three").
import type * as PlacesData from "./places-data";

export type { Site } from "./places-data";

let loaded: typeof PlacesData | undefined;
const data = () => (loaded ??= require("./places-data") as typeof PlacesData);

/**
 * A place a guess or a question names: the countries and the provinces or states it may be, and
 * whether it is only known by its country (a nation of the UK: "Edinburgh, England" is wrong, and
 * the data cannot tell).
 */
export type Place = { countries: string[]; provinces: { province: string; country: string }[]; vague: boolean };

export const placeKey = (name: string) => data().placeKey(name);

/** The ISO code of the country an answer names in English ("Czech Republic" -> CZ), if it names one. */
export function countryCode(name: string): string | undefined {
  return data().ENGLISH_NAMES.get(placeKey(name));
}

/** Every name of a country, in English and in other languages, as place keys. */
export function countryNames(code: string): { english: string[]; foreign: string[] } {
  return data().NAMES_OF.get(code) ?? { english: [], foreign: [] };
}

/** The cities of this name, most populous first. */
export function citiesNamed(name: string): PlacesData.Site[] {
  return data().CITIES.get(placeKey(name)) ?? [];
}

/** The country or province a key names ("texas", "france", "georgia": both), or null. */
export function placeNamed(key: string, withDemonyms = false): Place | null {
  const { ENGLISH_NAMES, DEMONYMS, PROVINCES, UK_NATION_NAMES } = data();
  const country = ENGLISH_NAMES.get(key) ?? (withDemonyms ? DEMONYMS.get(key) : undefined);
  const provinces = (PROVINCES.get(key) ?? []).map((owner) => ({ province: key, country: owner }));
  if (country === undefined && provinces.length === 0) return null;
  return { countries: country === undefined ? [] : [country], provinces, vague: UK_NATION_NAMES.has(key) };
}
