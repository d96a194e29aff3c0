// The lobby's own questions (docs/decisions.md "Your own questions"): host only, so the host check comes before the
// body is read, and nobody else learns even whether their body would have passed. A batch with
// any bad row is refused whole, naming every bad row (counted from 1) and why. Beyond the contract:
// PUT edits one, and files come in (CSV or JSON text) and go out here, read and written on the server.
import { Elysia } from "elysia";
import type { QuestionCatalog } from "../ai/providers";
import { OWN_QUESTIONS_BYTES } from "../game/settings";
import type { Question } from "../game/types";
import type { LobbyService } from "../lobbies/service";
import { importRefusal, ownQuestionBytes } from "../game/own-question-rules";
import { downloadName } from "../results/spreadsheet";
import { answers, type RowError } from "./answers";
import { accepted, ApiError, REFUSAL_STATUS } from "./errors";
import { jsonBody, MAX_BODY_BYTES } from "./json-body";
import { questionsCsv, questionsJson, readQuestionFile } from "./question-files";
import { exportQuery, importBody, ownQuestion, questionParams, questionsBody } from "./schemas";
import { type Authenticate, seated } from "./session";
import type { Claims } from "../access/tokens";

export interface QuestionDeps {
  service: LobbyService;
  catalog: QuestionCatalog;
  authenticate: Authenticate;
  /** spends the caller's network's share of own-question bytes (OWN_QUESTIONS_NETWORK_BYTES_PER_HOUR); false past it */
  spend: (request: Request, bytes: number) => boolean;
}

/** Questions offered count against the network's share as they would take on disk, kept or not. */
function charge(spend: QuestionDeps["spend"], request: Request, questions: readonly Question[]): void {
  if (!spend(request, questions.reduce((sum, q) => sum + ownQuestionBytes(q), 0))) throw new ApiError(429, "Too many questions added from this network this hour, try again later");
}

/** Every row valid, or a 400 that lists each bad one (and, from a CSV file, the line it starts on). */
function validRows(rows: readonly unknown[], lineOf: (row: number) => number | null = () => null): Question[] {
  const good: Question[] = [];
  const errors: RowError[] = [];
  rows.forEach((row, i) => {
    const parsed = ownQuestion.safeParse(row);
    if (parsed.success) return void good.push(parsed.data);
    const line = lineOf(i + 1);
    errors.push({ row: i + 1, ...(line === null ? {} : { line }), message: [...new Set(parsed.error.issues.map((issue) => issue.message))].join("; ") });
  });
  if (errors.length === 0) return good;
  const which = rows.length === 1 ? "The question is" : `${errors.length} of ${rows.length} questions ${errors.length === 1 ? "is" : "are"}`;
  throw new ApiError(400, `${which} not valid, so none was added`, { errors });
}

export function questionRoutes({ service, catalog, authenticate, spend }: QuestionDeps) {
  /** The book of the lobby these claims name, when they name its host. */
  const bookFor = async (claims: Claims) => accepted(await service.questionBook(claims.lobby, claims.sub)).book;

  /**
   * The host check of the routes with a body, a path or a query: a transform, which Elysia runs after
   * the session's derive and before the body is read and anything validated. The handler takes the
   * book again, since the lobby may have ended (or the role moved) while the body arrived, and rows
   * written for a lobby that is gone would outlive it.
   */
  const hostOnly = async ({ claims }: { claims: Claims }) => void (await bookFor(claims));

  return new Elysia()
    .use(jsonBody)
    .use(seated(authenticate))
    .get(
      "/questions",
      async ({ claims }) => {
        const questions = (await (await bookFor(claims)).list()).map(({ id, category, question, answer, aliases, asked }) => ({ id, category, question, answer, aliases, asked }));
        return { success: true as const, questions, bank: catalog.bank, ai: catalog.ai };
      },
      { response: answers.questions },
    )
    .post(
      "/questions",
      async ({ claims, body, request }) => {
        const rows = validRows(body.questions);
        charge(spend, request, rows);
        const { added, total } = accepted(await (await bookFor(claims)).add(rows));
        return { success: true as const, added, total };
      },
      { transform: hostOnly, bodyLimit: OWN_QUESTIONS_BYTES, body: questionsBody, response: answers.added },
    )
    .post(
      "/questions/import",
      async ({ claims, body, request }) => {
        const file = readQuestionFile(body.name, body.text);
        if (!file.ok) throw new ApiError(400, file.message);
        const tooMany = importRefusal(file.questions.length);
        if (tooMany) throw new ApiError(REFUSAL_STATUS[tooMany.kind], tooMany.message);
        const rows = validRows(file.questions, file.line);
        charge(spend, request, rows);
        const { added, total } = accepted(await (await bookFor(claims)).add(rows));
        return { success: true as const, added, total, read: file.questions.length };
      },
      { transform: hostOnly, bodyLimit: OWN_QUESTIONS_BYTES, body: importBody, response: answers.imported },
    )
    .get(
      "/questions/export",
      async ({ claims, query: { format } }) => {
        const questions = await (await bookFor(claims)).list();
        const [text, type] = format === "csv" ? [questionsCsv(questions), "text/csv; charset=utf-8"] : [questionsJson(questions), "application/json; charset=utf-8"];
        const name = downloadName(claims.lobby, "questions", format);
        return new Response(text, { headers: { "content-type": type, "content-disposition": `attachment; filename="${name}"` } });
      },
      { transform: hostOnly, query: exportQuery },
    )
    .put(
      "/questions/:id",
      async ({ claims, params, body, request }) => {
        charge(spend, request, [body]);
        return { success: true as const, question: accepted(await (await bookFor(claims)).update(params.id, body)).question };
      },
      { transform: hostOnly, params: questionParams, bodyLimit: MAX_BODY_BYTES, body: ownQuestion, response: answers.question },
    )
    .delete(
      "/questions/:id",
      async ({ claims, params }) => ({ success: true as const, total: accepted(await (await bookFor(claims)).remove(params.id)).total }),
      { transform: hostOnly, params: questionParams, response: answers.removed },
    );
}
