// Placeholder until this island is built.
export default function GameHeader() {
  return null;
}
