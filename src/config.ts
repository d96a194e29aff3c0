// Environment -> typed, validated config. A bad value stops the server at start with a clear line.
import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65535);
const ms = z.coerce.number().int().positive();

const schema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  JWT_SECRET: z.string().min(16, "JWT_SECRET must be at least 16 characters").optional(),
  /** comma-separated origins allowed besides the server's own */
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((s) => s.split(",").map((o) => o.trim()).filter(Boolean)),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  AI_MODEL: z.string().min(1).default("claude-sonnet-4-6"),
  AI_TIMEOUT_MS: ms.default(8000),
  LOBBY_IDLE_MS: ms.default(2 * 60 * 60 * 1000),
  /** create/join calls one address may make per minute */
  JOIN_RATE_PER_MIN: z.coerce.number().int().positive().default(60),
  TOKEN_TTL_S: z.coerce.number().int().positive().default(24 * 60 * 60),
  /** seconds a disconnected host keeps the role while another player is connected */
  HOST_GRACE_S: z.coerce.number().positive().default(30),
});

export type Config = z.infer<typeof schema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid configuration: ${lines}`);
  }
  return parsed.data;
}
