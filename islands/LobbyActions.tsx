// Placeholder until this island is built.
export default function LobbyActions() {
  return null;
}
