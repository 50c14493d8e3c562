/** A message pushed to one player's open sockets (DESIGN §5). */
export type PushMessage = { event: string; data: unknown };
export type Listener = (msg: PushMessage) => void;

/**
 * Sessions of one player that were revoked: those named, or else every one but `except` (the session that asked).
 * Each instance closes the sockets it holds for them, so a revoked session stops hearing pushes at once.
 */
export type SessionsEnded = { userId: string; sessionIds?: string[]; except?: string };

/**
 * Fan-out of pushes to the sockets of a player, wherever they are held. In-process by default; a Redis
 * adapter lets several instances behind a load balancer reach sockets held by any of them.
 */
export type Hub = {
  publish(userId: string, msg: PushMessage): void;
  subscribe(userId: string, listener: Listener): () => void;
  /** Resolves once pushes to `userId` reach this process's listeners (Redis confirms the subscription). */
  joined?(userId: string): Promise<void>;
  /** Tells every instance (this one included) that sessions ended. Call it after the revocation has committed. */
  endSessions(ended: SessionsEnded): void;
  /** Hears every instance's `endSessions`; returns the stop. */
  onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void;
  /** Resolves once `onSessionsEnded` listeners hear other instances (Redis confirms the subscription). */
  sessionsHeard?(): Promise<void>;
  close(): Promise<void>;
};
