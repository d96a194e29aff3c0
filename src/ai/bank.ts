// The offline question bank: the built-in files beside this one, plus every question pack a host
// drops into $DATA_DIR/questions/ (DESIGN.md section 3). Packs are outside input: validated, and a
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

/** Built-in questions first, then the host's packs; a question text appears once. */
export function loadBank(dataDir: string, log: (line: string) => void = console.log): Question[] {
  return unasked([...readPacks(BUILT_IN_DIR, log), ...readPacks(join(dataDir, "questions"), log)]);
}
