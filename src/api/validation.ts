// How a request that fails its route's schemas is answered. Elysia's own answer is a 422 with its
// own JSON; the API answers every bad input one way, 400 { success: false, message }, the message
// naming the first problem (docs/decisions.md "The REST layer on Elysia").
import type { ValidationError } from "elysia";
import { ApiError } from "./errors";

export function validationRefusal(error: ValidationError): ApiError {
  const [issue] = error.all;
  if (!issue) return new ApiError(400, "Invalid request");
  // A path or query parameter's messages name it already; a body's problem is named by its path
  // (Elysia's "root" for the body itself, which the API has always called "body").
  if (error.type !== "body") return new ApiError(400, issue.message);
  return new ApiError(400, `${issue.path === "root" ? "body" : issue.path}: ${issue.message}`);
}
