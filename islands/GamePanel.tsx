// Placeholder until this island is built.
export default function GamePanel() {
  return null;
}
