import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import type { Session } from '../../http/session';
import { emailUndoRoutes } from './email-undo.routes';
import { loginRoutes } from './login.routes';
import { passwordRoutes } from './password.routes';
import { registerRoutes } from './register.routes';
import { twoStepRoutes } from './two-step.routes';
import { userRoutes } from './user.routes';
import { languageRoutes } from './language.routes';

/** Every account call of spec §7, mounted under /api/v1. */
export const accountsRoutes = (deps: Deps, session: Session) =>
  new Elysia()
    .use(registerRoutes(deps))
    .use(loginRoutes(deps, session))
    .use(passwordRoutes(deps))
    .use(emailUndoRoutes(deps))
    .use(userRoutes(deps, session))
    .use(languageRoutes(deps.database.client, session, deps.config.secureCookies))
    .use(twoStepRoutes(deps.twoStep, session));
