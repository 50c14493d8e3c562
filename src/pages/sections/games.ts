import type { SiteInfo } from '../page';

/** The two games of spec §1, as the public pages and the dashboard's game library show them. */
export type GameInfo = {
  slug: 'ultra-panda' | 'vblink';
  name: string;
  /** The info page on this site. */
  path: string;
  image: string;
  tagline: string;
  tags: string[];
  /** Where the game's own site offers the app (configured, see SiteInfo.gameLinks). */
  downloadUrl: (site: SiteInfo) => string;
};

export const GAMES: GameInfo[] = [
  {
    slug: 'ultra-panda',
    name: 'Ultra Panda',
    path: '/ultra-panda',
    image: '/images/ultra-panda.svg',
    tagline: 'A bright library of slots, fish tables and keno-style games with a lucky panda at the helm.',
    tags: ['Slots', 'Fish tables', 'Keno'],
    downloadUrl: (site) => site.gameLinks.ultraPanda,
  },
  {
    slug: 'vblink',
    name: 'VBlink',
    path: '/vb-link',
    image: '/images/vblink.svg',
    tagline: 'Neon reels, arcade fish hunts and fast rounds, playable on your phone or in the browser.',
    tags: ['Slots', 'Fish hunts', 'Arcade'],
    downloadUrl: (site) => site.gameLinks.vblink,
  },
];

export const gameBySlug = (slug: GameInfo['slug']) => GAMES.find((g) => g.slug === slug)!;
