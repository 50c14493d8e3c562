/** A message pushed to one player's open sockets (DESIGN §5). */
export type PushMessage = { event: string; data: unknown };
export type Listener = (msg: PushMessage) => void;

/**
 * Fan-out of pushes to the sockets of a player, wherever they are held. In-process by default; a Redis
 * adapter lets several instances behind a load balancer reach sockets held by any of them.
 */
export type Hub = {
  publish(userId: string, msg: PushMessage): void;
  subscribe(userId: string, listener: Listener): () => void;
  /** Resolves once pushes to `userId` reach this process's listeners (Redis confirms the subscription). */
  joined?(userId: string): Promise<void>;
  close(): Promise<void>;
};
