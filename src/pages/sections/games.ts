import { m } from '../../i18n/paraglide/messages.js';
import type { SiteInfo } from '../page';

/** The two games of spec §1, as the public pages and the dashboard's game library show them. */
export type GameInfo = {
  slug: 'ultra-panda' | 'vblink';
  name: string;
  /** The info page on this site. */
  path: string;
  image: string;
  /** In the page's language (src/i18n): called while the page renders. */
  tagline: () => string;
  tags: (() => string)[];
  /** Where the game's own site offers the app (configured, see SiteInfo.gameLinks). */
  downloadUrl: (site: SiteInfo) => string;
};

export const GAMES: GameInfo[] = [
  {
    slug: 'ultra-panda',
    name: 'Ultra Panda',
    path: '/ultra-panda',
    image: '/images/ultra-panda.svg',
    tagline: m.visitor_game_up_tagline,
    tags: [m.visitor_tag_slots, m.visitor_tag_fish_tables, m.visitor_tag_keno],
    downloadUrl: (site) => site.gameLinks.ultraPanda,
  },
  {
    slug: 'vblink',
    name: 'VBlink',
    path: '/vb-link',
    image: '/images/vblink.svg',
    tagline: m.visitor_game_vb_tagline,
    tags: [m.visitor_tag_slots, m.visitor_tag_fish_hunts, m.visitor_tag_arcade],
    downloadUrl: (site) => site.gameLinks.vblink,
  },
];

export const gameBySlug = (slug: GameInfo['slug']) => GAMES.find((g) => g.slug === slug)!;
