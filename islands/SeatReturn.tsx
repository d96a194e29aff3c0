// The home page's way back to a seat this device still holds (islands/client/held-seat.tsx).
import { BackToSeat, useHeldSeat } from "./client/held-seat";

export default function SeatReturn() {
  const seat = useHeldSeat();
  if (!seat) return null;
  return (
    <section className="card seat-return" aria-label="Your seat">
      <span>You still have a seat in lobby {seat.code}.</span>
      <BackToSeat seat={seat} />
    </section>
  );
}
