// The bare baseline: the smallest Bun.serve there is. The app's rate is read against this one's.
Bun.serve({ hostname: '127.0.0.1', port: Number(process.env.PORT), fetch: () => new Response('Hello, world!') });
export {};
