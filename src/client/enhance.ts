// Placeholder replaced in the foundation work below.
export {};
