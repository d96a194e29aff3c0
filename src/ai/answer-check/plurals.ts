// Singular and plural of one noun count as the same answer ("Beatle"/"Beatles", "cactus"/"cacti").
// Irregular and Latin plurals come from a curated table rather than suffix rules: a rule such as
// "-us" -> "-i" would also pair words that are not one noun ("Malus" with "Mali").

const IRREGULAR: [singular: string, plural: string][] = [
  ["man", "men"], ["woman", "women"], ["child", "children"], ["person", "people"], ["ox", "oxen"],
  ["mouse", "mice"], ["louse", "lice"], ["goose", "geese"], ["tooth", "teeth"], ["foot", "feet"], ["die", "dice"],
  ["cactus", "cacti"], ["fungus", "fungi"], ["nucleus", "nuclei"], ["radius", "radii"], ["stimulus", "stimuli"],
  ["alumnus", "alumni"], ["octopus", "octopi"], ["hippopotamus", "hippopotami"], ["bacillus", "bacilli"],
  ["alveolus", "alveoli"], ["bronchus", "bronchi"], ["syllabus", "syllabi"], ["genus", "genera"],
  ["mitochondrion", "mitochondria"], ["criterion", "criteria"], ["phenomenon", "phenomena"],
  ["bacterium", "bacteria"], ["datum", "data"], ["medium", "media"], ["stratum", "strata"],
  ["curriculum", "curricula"], ["ovum", "ova"], ["phylum", "phyla"], ["spectrum", "spectra"],
  ["alga", "algae"], ["larva", "larvae"], ["antenna", "antennae"], ["vertebra", "vertebrae"],
  ["nebula", "nebulae"], ["formula", "formulae"], ["amoeba", "amoebae"], ["supernova", "supernovae"],
  ["index", "indices"], ["appendix", "appendices"], ["matrix", "matrices"], ["vertex", "vertices"],
  ["crisis", "crises"], ["thesis", "theses"], ["analysis", "analyses"], ["oasis", "oases"],
  ["hypothesis", "hypotheses"], ["diagnosis", "diagnoses"], ["basis", "bases"], ["axis", "axes"],
];
const SINGULAR_OF = new Map(IRREGULAR.map(([singular, plural]) => [plural, singular]));

/** True when both words are forms of one noun: "Beatle"/"Beatles", "country"/"countries", "man"/"men". */
export function sharesSingular(a: string, b: string): boolean {
  const singulars = singularForms(a);
  return singularForms(b).some((form) => singulars.includes(form));
}

/** The word itself and every singular it may be the plural of. */
export function singularForms(word: string): string[] {
  const forms = [word];
  const irregular = SINGULAR_OF.get(word);
  if (irregular) forms.push(irregular);
  if (/[^s]s$/.test(word) && !/(?:us|is)$/.test(word)) forms.push(word.slice(0, -1));
  if (/(?:s|x|z|ch|sh)es$/.test(word)) forms.push(word.slice(0, -2));
  if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("ves")) forms.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  // Stems this short ("a" from "as") are not words; a listed singular ("ox") is.
  return forms.filter((form, i) => i === 0 || form.length >= 3 || form === irregular);
}
