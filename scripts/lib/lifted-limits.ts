// The per-address budgets lifted, for a server whose every client is this machine (127.0.0.1): the
// soak, the bench and the tests play hundreds of lobbies from one address, which a party never does.
// Tests of the limits themselves set them back (docs/decisions.md "Keeping strangers out").
export const LIFTED_LIMITS = {
  JOIN_RATE_PER_MIN: "1000000000",
  LOOKUP_RATE_PER_MIN: "1000000000",
  LOBBIES_PER_HOUR: "1000000000",
  MAX_CONNECTIONS_PER_ADDRESS: "1000000",
  EVENTS_PER_ADDRESS_PER_S: "1000000",
  SNAPSHOTS_PER_MIN: "1000000",
  HOST_COMMANDS_PER_MIN: "1000000000",
  OWN_QUESTIONS_NETWORK_BYTES_PER_HOUR: "1000000000000",
  MAX_LOBBIES: "1000000",
} as const;
