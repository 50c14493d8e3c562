/** Every rule of the money-laundering watch off (the test helpers' default); a test of a rule turns it on (services/compliance). */
export const AML_OFF: Record<string, string> = {
  AML_MIN_PLAY_SHARE: 'off', AML_P2P_PARTIES: 'off', AML_STRUCTURING_COUNT: 'off', AML_FIRST_DEPOSIT_DOLLARS: 'off', AML_SHARED_ACCOUNTS: 'off', AML_SHARED_DESTINATION: 'off',
};
