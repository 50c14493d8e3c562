// One-time links carry their token in the path (/verify/email/{token}, /reset-password/{id}, /set-password/{id},
// /undo-email/{token}); a request log line must not keep a usable link.
const TOKEN_PATHS = /^((?:\/api\/v1)?\/(?:verify\/email|reset-password|set-password)|\/undo-email)\/[^/]+/;

export const redactPath = (path: string) => path.replace(TOKEN_PATHS, '$1/[redacted]');
