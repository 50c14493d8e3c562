export const VERSION: string = process.env.COINREEL_VERSION ?? '0.1.0';
