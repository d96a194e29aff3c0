// Placeholder until this island is built.
export default function ScoreBoard() {
  return null;
}
