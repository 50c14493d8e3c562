// Replaced while `bun run build` compiles the single binary: there it maps each public URL to a file
// embedded in the executable. Everywhere else it is null and assets are read from public/.
export const embedded: Record<string, string> | null = null;
