// A country by any of its names in the data (npm `world-countries`): renamed ("Czechia" and the
// Czech Republic, "Türkiye", "Eswatini" and Swaziland, Burma), short and long ("Ivory Coast",
// "Côte d'Ivoire") and in other languages ("Katar", "Deutschland", "España"). Only where the
// question is about a place ("Turkey" in ten-pin bowling has no other name) and names none of them
// ("Which country was called Swaziland until 2018?" is not answered by "Swaziland"). A name in
// another language must be typed as it is: a slip away from one is more likely another place
// ("Chechnya" is a letter or two from the Polish "Czechy") (docs/decisions.md "Judging like a
// quizmaster, part three").
import { canonical } from "./canonical";
import { countryCode, countryNames } from "./places";
import { containsPhrase, type QuestionContext } from "./question";

export type CountryForms = { english: string[][]; foreign: string[][] };

const NONE: CountryForms = { english: [], foreign: [] };
const FORMS_OF = new Map<string, CountryForms>();

/** The other names of the country `answer` names in English, or none. */
export function countryForms(answer: string, question: QuestionContext): CountryForms {
  if (question.given && !question.place) return NONE;
  const code = countryCode(answer);
  if (code === undefined) return NONE;
  let forms = FORMS_OF.get(code);
  if (!forms) {
    const names = countryNames(code);
    const spell = (list: string[]) => list.map((name) => canonical(name.split(" ")));
    FORMS_OF.set(code, (forms = { english: spell(names.english), foreign: spell(names.foreign) }));
  }
  return [...forms.english, ...forms.foreign].some((form) => mentionsName(question, form)) ? NONE : forms;
}

/** "Myanmar's" names Myanmar too. */
function mentionsName(question: QuestionContext, name: string[]): boolean {
  return containsPhrase(question, name) || containsPhrase(question, [...name.slice(0, -1), `${name.at(-1)}s`]);
}
