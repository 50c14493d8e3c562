import type { Client, Row } from '@libsql/client';

/** A game players can hold an account in (the games table). */
export type Game = { id: string; name: string; description: string; image: string; gameLink: string; active: boolean };

/** The games this site offers; the download links come from config (ULTRA_PANDA_URL, VBLINK_URL). */
export function defaultGames(links: { ultraPanda: string; vblink: string }): (Game & { sort: number })[] {
  return [
    { id: 'ultra-panda', name: 'Ultra Panda', description: 'A bright library of slots, fish tables and keno-style games with a lucky panda at the helm.', image: '/images/ultra-panda.svg', gameLink: links.ultraPanda, active: true, sort: 1 },
    { id: 'vblink', name: 'VBlink', description: 'Neon reels, arcade fish hunts and fast rounds, playable on your phone or in the browser.', image: '/images/vblink.svg', gameLink: links.vblink, active: true, sort: 2 },
  ];
}

/**
 * Adds missing games and refreshes their texts and links at start-up; whether a game is active, and a download
 * link an operator set in the console, are the operator's choice and are left as they are.
 */
export async function seedGames(client: Client, games: (Game & { sort: number })[]): Promise<void> {
  await client.batch(
    games.map((g) => ({
      sql: `INSERT INTO games (id, name, description, image, game_link, active, sort) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, image = excluded.image,
              game_link = CASE WHEN games.link_set_at IS NULL THEN excluded.game_link ELSE games.game_link END, sort = excluded.sort`,
      args: [g.id, g.name, g.description, g.image, g.gameLink, g.active ? 1 : 0, g.sort],
    })),
    'write',
  );
}

const toGame = (r: Row): Game => ({
  id: String(r.id), name: String(r.name), description: String(r.description), image: String(r.image), gameLink: String(r.game_link), active: Number(r.active) === 1,
});

export async function activeGames(client: Client): Promise<Game[]> {
  const r = await client.execute('SELECT id, name, description, image, game_link, active FROM games WHERE active = 1 ORDER BY sort, id');
  return r.rows.map(toGame);
}

export async function gameById(client: Client, id: string): Promise<Game | null> {
  const r = await client.execute({ sql: 'SELECT id, name, description, image, game_link, active FROM games WHERE id = ?', args: [id] });
  return r.rows[0] ? toGame(r.rows[0]) : null;
}

export async function setGameActive(client: Client, id: string, active: boolean): Promise<boolean> {
  const r = await client.execute({ sql: 'UPDATE games SET active = ? WHERE id = ?', args: [active ? 1 : 0, id] });
  return r.rowsAffected === 1;
}

/** The operator's change of a game (console): active or not, and its download link. Returns before and after, or null. */
export async function updateGame(client: Client, id: string, change: { active?: boolean; gameLink?: string }, now = Date.now()) {
  const before = await gameById(client, id);
  if (!before) return null;
  await client.execute({
    sql: `UPDATE games SET active = coalesce(?, active), game_link = coalesce(?, game_link), link_set_at = CASE WHEN ? IS NULL THEN link_set_at ELSE ? END WHERE id = ?`,
    args: [change.active === undefined ? null : change.active ? 1 : 0, change.gameLink ?? null, change.gameLink ?? null, now, id],
  });
  return { before, after: (await gameById(client, id))! };
}

export async function allGames(client: Client): Promise<Game[]> {
  const r = await client.execute('SELECT id, name, description, image, game_link, active FROM games ORDER BY sort, id');
  return r.rows.map(toGame);
}
