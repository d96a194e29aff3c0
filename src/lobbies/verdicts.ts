// The judge's verdicts on a round's typed answers (by team, or by player in a duel), as the "judged" command that hands them to the
// rules. A judge that fails on an answer counts it wrong (AnswerJudge's promise), and the log says so.
import type { Command } from "../game/commands";
import type { Effect } from "../game/effects";
import type { AnswerJudge } from "./seams";

export async function verdicts(judge: AnswerJudge, effect: Extract<Effect, { type: "judge" }>, code: string, log: (line: string) => void): Promise<Command> {
  const verdicts: Partial<Record<string, boolean>> = {};
  await Promise.all(
    (Object.entries(effect.answers) as [string, string][]).map(async ([side, given]) => {
      verdicts[side] = await Promise.resolve()
        .then(() => judge.judge(effect.question, given))
        .catch((err: unknown) => {
          log(`judge: failed on round ${effect.roundNumber} of ${code}, counted wrong: ${String(err)}`);
          return false;
        });
    }),
  );
  return { type: "judged", roundNumber: effect.roundNumber, verdicts, of: { question: effect.question.question, answers: effect.answers } };
}
