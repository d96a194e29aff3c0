// The mark: two speech bubbles, blue and red, facing off over a question.
export function Logo({ size = 48 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label="Stealmate logo">
      <path d="M6 10h26a4 4 0 0 1 4 4v20a4 4 0 0 1-4 4H18l-8 8v-8H6a4 4 0 0 1-4-4V14a4 4 0 0 1 4-4z" fill="#3d7bff" />
      <path d="M58 18H32a4 4 0 0 0-4 4v20a4 4 0 0 0 4 4h14l8 8v-8h4a4 4 0 0 0 4-4V22a4 4 0 0 0-4-4z" fill="#ff4d5e" />
      <text x="32" y="41" textAnchor="middle" fontFamily="system-ui,sans-serif" fontWeight="900" fontSize="26" fill="#ffd23f">?</text>
    </svg>
  );
}
