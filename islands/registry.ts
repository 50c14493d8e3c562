// Server-side map of island names to components; the client build makes one chunk per entry.
export const registry = {};
