// Client event payloads, validated: nothing a socket sends is trusted as-is.
import { z } from "zod";

const token = z.string().min(1).max(2048);
export const joinLobbyPayload = z.object({ token });
export const leaveLobbyPayload = z.object({ token: token.optional() }).optional();
// The sender's id, name and team come from the token; those fields are accepted and ignored.
export const chatPayload = z.object({
  lobbyCode: z.string().max(8).optional(),
  message: z.string().max(4000),
  chatType: z.enum(["team", "game"]).default("game"),
});
export const lobbyUpdatedPayload = z.object({ lobbyCode: z.string().max(8).optional() }).passthrough().optional();
