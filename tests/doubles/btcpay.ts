// A faithful local BTCPay Server for tests: the Greenfield API over real HTTP, checked against the contract.
export { COINREEL_PERMISSIONS, RESERVES_PERMISSIONS, startBtcpayDouble } from './btcpay/double';
export type { BtcpayDouble, BtcpayDoubleOptions } from './btcpay/double';
export type { Delivery } from './btcpay/webhooks';
