// Navigation through one function, so tests can observe it and islands stay declarative.
export const go = (path: string) => {
  window.location.assign(path);
};
