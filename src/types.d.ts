// Bun imports SQL migrations as text (`with { type: 'text' }`).
declare module '*.sql' {
  const text: string;
  export default text;
}
