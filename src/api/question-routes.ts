// The lobby's own questions (DESIGN.md section 4): host only, so the host check comes before the
// body is read, and nobody else learns even whether their body would have passed. A batch with any
// bad row is refused whole, naming every bad row (counted from 1) and why. Beyond the contract: PUT
// edits one, and files come in (CSV or JSON text) and go out here, read and written on the server.
import { Elysia } from "elysia";
import type { QuestionCatalog } from "../ai/providers";
import { OWN_QUESTIONS_BYTES, OWN_QUESTIONS_MAX } from "../game/settings";
import type { Question } from "../game/types";
import type { LobbyService } from "../lobbies/service";
import { accepted, ApiError, readBody } from "./errors";
import { questionsCsv, questionsJson, readQuestionFile } from "./question-files";
import { exportFormat, importBody, ownQuestion, questionId, questionsBody } from "./schemas";
import type { Claims } from "./tokens";

export interface QuestionDeps {
  service: LobbyService;
  catalog: QuestionCatalog;
  authenticate: (request: Request) => Promise<Claims>;
}

/** Every row valid, or a 400 that lists each bad one (and, from a CSV file, the line it starts on). */
function validRows(rows: readonly unknown[], lineOf: (row: number) => number | null = () => null): Question[] {
  const good: Question[] = [];
  const errors: { row: number; line?: number; message: string }[] = [];
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

function id(raw: string): number {
  const parsed = questionId.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, "Question id must be a number");
  return parsed.data;
}

export function questionRoutes({ service, catalog, authenticate }: QuestionDeps) {
  /** The book of the lobby these claims name, when they name its host. */
  const bookFor = (claims: Claims) => accepted(service.questionBook(claims.lobby, claims.sub)).book;

  /** The caller's claims, once they are the host's: nobody else learns even whether a body would pass. */
  async function host(request: Request): Promise<Claims> {
    const claims = await authenticate(request);
    bookFor(claims);
    return claims;
  }

  // A body is read after the host check, and the book taken again once it is in: the lobby may
  // have ended (or the role moved) while it arrived, and rows written for a lobby that is gone would
  // outlive it.
  return new Elysia()
    .get("/questions", async ({ request }) => {
      const book = bookFor(await authenticate(request));
      const questions = book.list().map(({ id, category, question, answer, aliases, asked }) => ({ id, category, question, answer, aliases, asked }));
      return { success: true, questions, bank: catalog.bank, ai: catalog.ai };
    })
    .post("/questions", async ({ request }) => {
      const claims = await host(request);
      const body = await readBody(request, questionsBody, OWN_QUESTIONS_BYTES);
      const { added, total } = accepted(bookFor(claims).add(validRows(body.questions)));
      return { success: true, added, total };
    })
    .post("/questions/import", async ({ request }) => {
      const claims = await host(request);
      const body = await readBody(request, importBody, OWN_QUESTIONS_BYTES);
      const file = readQuestionFile(body.name, body.text);
      if (!file.ok) throw new ApiError(400, file.message);
      if (file.questions.length > OWN_QUESTIONS_MAX) throw new ApiError(400, `The file holds ${file.questions.length} questions; a lobby holds at most ${OWN_QUESTIONS_MAX}`);
      const { added, total } = accepted(bookFor(claims).add(validRows(file.questions, file.line)));
      return { success: true, added, total, read: file.questions.length };
    })
    .get("/questions/export", async ({ request, query }) => {
      const claims = await authenticate(request);
      const book = bookFor(claims);
      const format = exportFormat.safeParse(query.format);
      if (!format.success) throw new ApiError(400, "format must be csv or json");
      const questions = book.list();
      const [text, type] = format.data === "csv" ? [questionsCsv(questions), "text/csv; charset=utf-8"] : [questionsJson(questions), "application/json; charset=utf-8"];
      const name = `stealmate-${claims.lobby}-questions.${format.data}`;
      return new Response(text, { headers: { "content-type": type, "content-disposition": `attachment; filename="${name}"` } });
    })
    .put("/questions/:id", async ({ request, params }) => {
      const claims = await host(request);
      const which = id(params.id);
      const question = await readBody(request, ownQuestion);
      return { success: true, question: accepted(bookFor(claims).update(which, question)).question };
    })
    .delete("/questions/:id", async ({ request, params }) => {
      const book = bookFor(await authenticate(request));
      return { success: true, total: accepted(book.remove(id(params.id))).total };
    });
}
