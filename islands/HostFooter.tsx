// Placeholder until this island is built.
export default function HostFooter() {
  return null;
}
