// The judge's verdicts on a round's typed answers, as the "judged" command that hands them to the
// rules. A judge that fails on an answer counts it wrong (AnswerJudge's promise), and the log says so.
import type { Command } from "../game/commands";
import type { Effect } from "../game/effects";
import type { Team } from "../game/types";
import type { AnswerJudge } from "./seams";

export async function verdicts(judge: AnswerJudge, effect: Extract<Effect, { type: "judge" }>, code: string, log: (line: string) => void): Promise<Command> {
  const verdicts: Partial<Record<Team, boolean>> = {};
  await Promise.all(
    (Object.entries(effect.answers) as [Team, string][]).map(async ([team, given]) => {
      verdicts[team] = await Promise.resolve()
        .then(() => judge.judge(effect.question, given))
        .catch((err: unknown) => {
          log(`judge: failed on round ${effect.roundNumber} of ${code}, counted wrong: ${String(err)}`);
          return false;
        });
    }),
  );
  return { type: "judged", roundNumber: effect.roundNumber, verdicts, of: { question: effect.question.question, answers: effect.answers } };
}
