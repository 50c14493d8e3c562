import type { Page } from './page';
import landing from './landing.page';
import aboutUs from './about-us.page';
import privacyPolicy from './privacy-policy.page';
import termsCondition from './terms-condition.page';
import ultraPanda from './ultra-panda.page';
import vbLink from './vb-link.page';
import support from './support.page';
import responsibleGaming from './responsible-gaming.page';
import login from './login.page';
import register from './register.page';
import forgotPassword from './forgot-password.page';
import resetPassword from './reset-password.page';
import setPassword from './set-password.page';
import verifyEmail from './verify-email.page';
import undoEmail from './undo-email.page';
import profileSetting from './profile-setting.page';
import home from './home.page';
import devMailbox from './dev-mailbox.page';
import transactions from './transactions.page';
import p2pTransfer from './p2p-transfer.page';
import notifications from './notifications.page';
import depositBitcoin from './deposit-bitcoin.page';
import freeplay from './freeplay.page';
import adminOverview from './admin/overview.page';
import adminPlayers from './admin/players.page';
import adminPlayer from './admin/player.page';
import adminWithdrawals from './admin/withdrawals.page';
import adminGameTasks from './admin/game-tasks.page';
import adminDeposits from './admin/deposits.page';
import adminCodes from './admin/codes.page';
import adminGames from './admin/games.page';
import adminAudit from './admin/audit.page';
import adminIdentity from './admin/identity.page';
import adminIdentityReview from './admin/identity-review.page';
import verifyIdentity from './verify-identity.page';
import solvency from './solvency/solvency.page';

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
  '/login': login,
  '/register': register,
  '/forgot-password': forgotPassword,
  '/reset-password/:id': resetPassword,
  '/set-password/:id': setPassword,
  '/verify/email/:token': verifyEmail,
  '/undo-email/:token': undoEmail,
  '/profile-setting': profileSetting,
  '/home': home,
  '/dev/mailbox': devMailbox,
  '/transactions': transactions,
  '/p2p-transfer': p2pTransfer,
  '/notifications': notifications,
  '/deposit-bitcoin': depositBitcoin,
  '/freeplay': freeplay,
  '/verify-identity': verifyIdentity,
  '/solvency': solvency,
  // The operator console (ADMIN sessions only).
  '/admin': adminOverview,
  '/admin/players': adminPlayers,
  '/admin/players/:id': adminPlayer,
  '/admin/withdrawals': adminWithdrawals,
  '/admin/game-tasks': adminGameTasks,
  '/admin/deposits': adminDeposits,
  '/admin/codes': adminCodes,
  '/admin/games': adminGames,
  '/admin/audit': adminAudit,
  '/admin/identity': adminIdentity,
  '/admin/identity/:id': adminIdentityReview,
};
