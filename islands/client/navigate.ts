// Navigation through one function, so tests can observe it and islands stay declarative.
export const go = (path: string) => {
  window.location.assign(path);
};

/**
 * For a page that is the wrong one for the lobby as it is now (the lobby page while a game runs):
 * replaced rather than stacked, so Back does not land on it again and bounce.
 */
export const redirect = (path: string) => {
  window.location.replace(path);
};
