// While the host is away, who takes over and when, counting down ("Dana is away. Ana becomes host in
// 25 s unless Dana is back"). Loaded by RoomStatus only while the host is away, so no phone downloads
// it for a game whose host stays (docs/decisions.md, "The game page's JavaScript under its budget").
import { useEffect, useState } from "react";
import type { HostAwayView } from "../../src/game/views";

const TICK_MS = 1_000;

export default function HostAway({ away, me }: { away: HostAwayView; me: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [away.at]);
  const left = Math.max(0, Math.ceil((away.at - now) / 1000));
  const heir = away.successor.id === me ? "You become" : <><bdi>{away.successor.name}</bdi> becomes</>;
  return (
    <p className="room-status away">
      {/* A timer is not read out every second: the sentence is heard once, as the status changes. */}
      <bdi>{away.host}</bdi> is away. {heir} host in <span role="timer">{left} s</span> unless <bdi>{away.host}</bdi> is back
    </p>
  );
}
