// The offline question bank: the built-in files beside this one, plus every question pack a host
// drops into $DATA_DIR/questions/ (docs/rules.md "Question sources"). Packs are outside input: validated, and a
// bad pack is skipped with a log line rather than stopping the server.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { unasked } from "../game/same-question";
import { questionInputSchema } from "../game/schemas";
import type { Question } from "../game/types";

const packSchema = z.object({ questions: z.array(questionInputSchema).max(10_000) });

const BUILT_IN_DIR = join(import.meta.dir, "bank");

function readPacks(dir: string, log: (line: string) => void): Question[] {
  if (!existsSync(dir)) return [];
  const out: Question[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    try {
      const parsed = packSchema.safeParse(JSON.parse(readFileSync(join(dir, file), "utf8")));
      if (parsed.success) out.push(...parsed.data.questions);
      else log(`questions: skipped pack ${file}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    } catch (err) {
      log(`questions: skipped pack ${file}: ${String(err)}`);
    }
  }
  return out;
}

let builtIn: Question[] | null = null;

/**
 * The built-in questions alone, as shipped: what the answer checker knows as the quiz's other
 * answers. Read once and shared with `loadBank`: parsing them costs the server megabytes of RSS.
 */
export function builtInBank(log: (line: string) => void = console.log): Question[] {
  builtIn ??= readPacks(BUILT_IN_DIR, log);
  return builtIn;
}

/** Built-in questions first, then the host's packs; a question text appears once. */
export function loadBank(dataDir: string, log: (line: string) => void = console.log): Question[] {
  return unasked([...builtInBank(log), ...readPacks(join(dataDir, "questions"), log)]);
}
