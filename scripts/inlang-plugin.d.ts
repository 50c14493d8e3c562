// The message-format plugin ships no types; it is an inlang plugin (scripts/compile-messages.ts hands it to the SDK).
declare module '@inlang/plugin-message-format' {
  const plugin: import('@inlang/sdk').InlangPlugin;
  export default plugin;
}
