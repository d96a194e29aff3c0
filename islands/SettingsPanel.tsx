// Placeholder until this island is built.
export default function SettingsPanel() {
  return null;
}
