// The lobby footer: who hosts it (docs/pages.md "Lobby"). It follows the store, so a new host shows at once.
import { useSignals } from "@preact/signals-react/runtime";
import { useStore } from "./client/store";

export default function HostFooter() {
  useSignals();
  const name = useStore().lobby.value?.host.name;
  return name ? (
    <p>
      Host: <bdi>{name}</bdi>
    </p>
  ) : null;
}
