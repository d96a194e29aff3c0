import { Logo } from "./logo";

export function Brand() {
  return (
    <a className="brand" href="/">
      <Logo />
      <h1>
        Steal<span className="mate">mate</span>
      </h1>
    </a>
  );
}
