import type { Page } from './page';
import landing from './landing.page';
import aboutUs from './about-us.page';
import privacyPolicy from './privacy-policy.page';
import termsCondition from './terms-condition.page';
import ultraPanda from './ultra-panda.page';
import vbLink from './vb-link.page';
import support from './support.page';
import responsibleGaming from './responsible-gaming.page';

/** Path → page. Patterns use :name for one segment. Pages for later features register here too. */
export const pageRoutes: Record<string, Page> = {
  '/': landing,
  '/about-us': aboutUs,
  '/privacy-policy': privacyPolicy,
  '/terms-condition': termsCondition,
  '/ultra-panda': ultraPanda,
  '/vb-link': vbLink,
  '/support': support,
  '/responsible-gaming': responsibleGaming,
};
