/**
 * Page navigation for islands, in one object so tests can observe it instead of unloading their DOM.
 * Only ever called with same-site paths.
 */
export const navigation = {
  assign(path: string): void {
    window.location.assign(path);
  },
  replace(path: string): void {
    window.location.replace(path);
  },
  reload(): void {
    window.location.reload();
  },
};
