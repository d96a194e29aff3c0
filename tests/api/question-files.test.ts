// Question files as the server reads and writes them: CSV (RFC 4180 quoting, `|` between aliases, a
// BOM, Windows line ends) and the pack JSON, both ways, and each problem named with the line of the
// file it is on.
import { describe, expect, test } from "bun:test";
import { questionsCsv, questionsJson, readQuestionFile } from "../../src/api/question-files";
import type { Question } from "../../src/game/types";

const TRICKY: Question[] = [
  { category: "Quotes, \"and\" commas", question: 'Who said "Elementary, my dear Watson"?', answer: "Sherlock Holmes", aliases: ["Holmes", "Sherlock"] },
  { category: "Numbers", question: "What is -40 °C in °F?", answer: "-40", aliases: ["minus 40", "−40 degrees"] },
  { category: "Multi-line", question: "First line,\r\nsecond line: which?", answer: "Both", aliases: [] },
  { category: "Unicode", question: "Which city is called Zürich in German — ü and all?", answer: "Zürich", aliases: ["Zurich", "チューリッヒ"] },
];

function read(name: string, text: string) {
  const result = readQuestionFile(name, text);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

describe("CSV", () => {
  test("an export reads back exactly: quotes, commas, line breaks in a field, aliases, Unicode", () => {
    const csv = questionsCsv(TRICKY);
    expect(read("mine.csv", csv).questions).toEqual(TRICKY);
  });

  test("the export is what a spreadsheet expects: a BOM, the header, CRLF, quotes only where needed", () => {
    const csv = questionsCsv(TRICKY.slice(0, 2));
    expect(csv).toBe('\uFEFFcategory,question,answer,aliases\r\n"Quotes, ""and"" commas","Who said ""Elementary, my dear Watson""?",Sherlock Holmes,Holmes|Sherlock\r\nNumbers,What is -40 °C in °F?,"\'-40",minus 40|−40 degrees\r\n');
  });

  test("a hand-written file: BOM, Windows line ends, blank lines, spaces around aliases, header in any case, no aliases column", () => {
    const text = "\uFEFFCategory, Question ,ANSWER\r\n\r\nCats,How many lives has a cat?,Nine\r\n\r\n\r\nCats,\"What do cats say, mostly?\",Meow\r\n";
    const file = read("cats.csv", text);
    expect(file.questions).toEqual([
      { category: "Cats", question: "How many lives has a cat?", answer: "Nine", aliases: [] },
      { category: "Cats", question: "What do cats say, mostly?", answer: "Meow", aliases: [] },
    ]);
    // Rows as the server counts them (from 1), places as the host finds them in the file.
    expect([file.line(1), file.line(2)]).toEqual([3, 6]);
  });

  test("columns may come in any order; aliases split on | with blanks dropped", () => {
    const file = read("x.csv", "aliases,answer,question,category\n 8 | eight ||,Eight,How many legs has a spider?,Animals\n");
    expect(file.questions).toEqual([{ category: "Animals", question: "How many legs has a spider?", answer: "Eight", aliases: ["8", "eight"] }]);
  });

  test("a record spanning lines moves the line count of the next one", () => {
    const file = read("x.csv", 'category,question,answer\nA,"one\ntwo\nthree",x\nB,next question here,y\n');
    expect([file.line(1), file.line(2)]).toEqual([2, 5]);
  });

  test("Mac-style CR line ends and a last line without a line end", () => {
    const file = read("x.csv", "category,question,answer\rA,Question one?,x\r\rB,Question two?,y");
    expect(file.questions).toHaveLength(2);
    expect([file.line(1), file.line(2)]).toEqual([2, 4]);
  });

  test("problems of the file itself are refused with where they are", () => {
    const refusal = (name: string, text: string) => {
      const result = readQuestionFile(name, text);
      return result.ok ? "accepted" : result.message;
    };
    expect(refusal("x.csv", "")).toBe("The file is empty");
    expect(refusal("x.csv", "category,question,answer,aliases\r\n")).toBe("The file holds no questions");
    expect(refusal("x.csv", "cat,question,answer\nA,B,C\n")).toContain("The first line must be the header category,question,answer,aliases");
    expect(refusal("x.csv", "category,question\nA,B\n")).toContain("must be the header");
    expect(refusal("x.csv", "category,question,answer,answer\nA,B,C,D\n")).toContain("must be the header");
    expect(refusal("x.csv", "category,question,answer\nA,Good question?,C\nA,Bad one?,C,extra\n")).toBe("Line 3 has 4 fields, but the header names 3");
    expect(refusal("x.csv", 'category,question,answer\nA,Good question?,C\nB,"never closed,C\n')).toBe("Line 3: Quoted field unterminated");
    // Empty cells a spreadsheet writes after the last column are no problem.
    expect(refusal("x.csv", "category,question,answer,,\nA,Good question?,C,,\n")).toBe("accepted");
  });
});

describe("JSON", () => {
  test("an export reads back exactly, with or without a BOM", () => {
    const json = questionsJson(TRICKY);
    expect(JSON.parse(json)).toEqual({ questions: TRICKY });
    expect(read("pack.json", json).questions).toEqual(TRICKY);
    expect(read("pack.json", `\uFEFF${json}`).questions).toEqual(TRICKY);
  });

  test("rows are passed on as they are, to be checked like any other, and have no line", () => {
    const file = read("pack.json", '{ "questions": [ { "category": "A" }, 42 ] }');
    expect(file.questions).toEqual([{ category: "A" }, 42]);
    expect(file.line(2)).toBeNull();
  });

  test("a file without a usable extension is read by its first character", () => {
    expect(read("download", ` ${questionsJson(TRICKY)}`).questions).toEqual(TRICKY);
    expect(read("download", questionsCsv(TRICKY)).questions).toEqual(TRICKY);
  });

  test("broken JSON, a bare list or an empty pack is refused", () => {
    const refusal = (text: string) => {
      const result = readQuestionFile("pack.json", text);
      return result.ok ? "accepted" : result.message;
    };
    expect(refusal("{ nope")).toStartWith("This file is not valid JSON");
    expect(refusal("[]")).toBe('A JSON file must hold { "questions": [ ... ] }');
    expect(refusal('{ "questions": [] }')).toBe("The file holds no questions");
  });
});
