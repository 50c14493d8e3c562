import AccountInfoForm from './AccountInfoForm';
import ChangePasswordForm from './ChangePasswordForm';
import ForgotPasswordForm from './ForgotPasswordForm';
import LoginForm from './LoginForm';
import RegisterForm from './RegisterForm';
import ResetPasswordForm from './ResetPasswordForm';
import VerifyEmail from './VerifyEmail';
import WalletMenu from './WalletMenu';
import FreeplayModal from './FreeplayModal';
import TransactionsTable from './TransactionsTable';
import P2PTransferForm from './P2PTransferForm';
import NotificationsList from './NotificationsList';
import DepositStatus from './DepositStatus';
import GameCredentials from './GameCredentials';
import GameMoveForm from './GameMoveForm';
import WithdrawForm from './WithdrawForm';
import DepositModal from './DepositModal';
import DepositSimulator from './DepositSimulator';
import ConsoleNav from './ConsoleNav';
import TwoStepSettings from './TwoStepSettings';
import IdentityForm from './IdentityForm';
import SolvencyCheck from './SolvencyCheck';
import AccountNonce from './AccountNonce';
import TickerPrivacyForm from './TickerPrivacyForm';
// Server-side map of island names to components; the client build makes one chunk per entry.
export const registry = {
  AccountInfoForm,
  ChangePasswordForm,
  ForgotPasswordForm,
  LoginForm,
  RegisterForm,
  ResetPasswordForm,
  VerifyEmail,
  WalletMenu,
  FreeplayModal,
  TransactionsTable,
  P2PTransferForm,
  NotificationsList,
  DepositStatus,
  GameCredentials,
  GameMoveForm,
  WithdrawForm,
  DepositModal,
  DepositSimulator,
  ConsoleNav,
  TwoStepSettings,
  IdentityForm,
  SolvencyCheck,
  AccountNonce,
  TickerPrivacyForm,
};
